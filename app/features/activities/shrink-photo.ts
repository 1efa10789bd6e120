/**
 * With JavaScript, a large photo is made smaller in the browser before it is uploaded: a phone's
 * full-size JPEG (12 megapixels, 3–6 MB) is redrawn at most 2048 pixels on its long side (a few hundred
 * KB), so it uploads in a fraction of the time on a phone's connection, and its camera data (EXIF: the
 * place it was taken, among others) is not sent. The browser turns it upright as it draws it. Only a
 * JPEG larger than that is redrawn; any other file, or a browser that cannot, sends the file as it is,
 * and so does a page without JavaScript: the server reads a full-size photo too.
 */

export const PHOTO_MAX_SIDE = 2048;

/** The size a photo is redrawn at: its long side at most `max`, its shape kept; null when it is small enough. */
export function shrunkSize(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number } | null {
  const long = Math.max(width, height);
  if (long <= max || width < 1 || height < 1) return null;
  return {
    width: Math.max(1, Math.round((width * max) / long)),
    height: Math.max(1, Math.round((height * max) / long)),
  };
}

export async function shrinkPhoto(file: File, max = PHOTO_MAX_SIDE): Promise<File> {
  if (file.type !== "image/jpeg" || typeof createImageBitmap !== "function" || typeof document === "undefined")
    return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = shrunkSize(bitmap.width, bitmap.height, max);
    if (!size) return file;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
