/** Base64 to bytes (a data URL's prefix dropped), and the image formats a provider can answer. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/^data:[^,]*,/, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** PNG, JPEG or WebP from their first bytes; null for anything else. */
export function imageTypeOf(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes[0] === 0x52 && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42)
    return "image/webp";
  return null;
}
