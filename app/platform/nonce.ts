/**
 * This response's Content-Security-Policy nonce for the scripts React renders (root.tsx's <Scripts>
 * and <ScrollRestoration>). Only the server knows it: entry.server.tsx provides it; in the browser it
 * is undefined, which is fine, since those scripts only exist in the server's HTML.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
