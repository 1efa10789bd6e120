/**
 * A PDF's text and document info through unpdf (PDF.js built for serverless runtimes, workerd
 * included). unpdf loads PDF.js itself with a dynamic import on first use, and this module is
 * imported dynamically too, so the worker evaluates neither until a PDF is described.
 */
import { ServiceError } from "~/platform/service-error";
import { pdfParagraphs } from "./pdf-text";

export interface PdfText {
  pages: number;
  paragraphs: string[];
  title?: string;
  author?: string;
  subject?: string;
}

const isPdf = (bytes: Uint8Array) => {
  const start = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return start.includes("%PDF-");
};

const info = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 300) : undefined);

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  if (!isPdf(bytes)) throw new ServiceError("invalid", "That file is not a PDF");
  const { extractText, getDocumentProxy, getMeta } = await import("unpdf");
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js takes the buffer over: hand it a copy so the caller's bytes stay readable.
    document = await getDocumentProxy(bytes.slice());
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "PasswordException") throw new ServiceError("invalid", "That PDF is password-protected");
    console.warn("pdf: PDF.js could not open the file", String(error));
    throw new ServiceError("invalid", "That PDF could not be read");
  }
  try {
    const [{ totalPages, text }, meta] = await Promise.all([
      extractText(document, { mergePages: false }),
      getMeta(document).catch(() => ({ info: {} as Record<string, unknown> })),
    ]);
    return {
      pages: totalPages,
      paragraphs: pdfParagraphs(text),
      title: info(meta.info.Title),
      author: info(meta.info.Author),
      subject: info(meta.info.Subject),
    };
  } finally {
    await document.loadingTask.destroy().catch(() => undefined);
  }
}
