/**
 * The VIP gate: p=vip on any page unlocks VIP-only offers and skips the offer cooldown. The server
 * remembers it in a cookie and, with JavaScript, the page in local storage, so the cart and checkout
 * keep the VIP price; sign-out clears both (spec 4).
 */
export const VIP_GATE_COOKIE = "studio_vip_gate";
export const VIP_GATE_STORAGE_KEY = VIP_GATE_COOKIE;

export const isVipVisit = (value: string | null | undefined) => value === "vip";
