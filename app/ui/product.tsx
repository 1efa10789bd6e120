/**
 * The product's name, support address and social sign-in providers for any component: the root layout provides them from its
 * loader's public settings, so components read them here instead of reaching into a route's data.
 */
import { createContext, useContext, type ReactNode } from "react";

export interface Product {
  productName: string;
  supportEmail: string;
  /** The social sign-in providers configured (id and display name). */
  socialProviders: { id: string; name: string }[];
}

const DEFAULT_PRODUCT: Product = { productName: "Studio", supportEmail: "support@studio.example", socialProviders: [] };
const ProductContext = createContext<Product>(DEFAULT_PRODUCT);

export function ProductProvider({ product, children }: { product: Partial<Product>; children: ReactNode }) {
  return <ProductContext.Provider value={{ ...DEFAULT_PRODUCT, ...product }}>{children}</ProductContext.Provider>;
}

export const useProduct = () => useContext(ProductContext);
