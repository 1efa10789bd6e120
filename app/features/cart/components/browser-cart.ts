/**
 * The cart's copy in the browser (spec 9: local storage 'studio_cartitems'). The server keeps the
 * cart; with JavaScript the page mirrors it here, and sign-out clears it with the VIP gate state.
 */
import { VIP_GATE_STORAGE_KEY } from "~/features/offers/vip";
import { CART_STORAGE_KEY } from "../rules";

export function mirrorCart(items: { id: string }[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    /* storage full or disabled: the server still has the cart */
  }
}

/** Sign-out (spec 4): the local cart and the VIP gate state go; the server clears their cookies. */
export function forgetBrowserState() {
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
    window.localStorage.removeItem(VIP_GATE_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
