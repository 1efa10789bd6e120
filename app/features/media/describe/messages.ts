/** The spec's fixed failure results of the link and media calls (spec 8), word for word. */
import type { DescribeKind } from "./descriptions.server";

export const LINK_PREVIEW_FAILED = "Failed to fetch link preview";
export const YOUTUBE_METADATA_FAILED = "Failed to fetch YouTube metadata";
export const DESCRIBE_FAILED: Record<DescribeKind, string> = {
  video: "Failed to generate video description",
  audio: "Failed to generate audio description",
  pdf: "Failed to generate PDF description",
  link: "Failed to generate link description",
  youtube: "Failed to generate YouTube description",
};

/** A fixed failure body with what went wrong as its detail (the JSON-API wrapper's `failure` option). */
export const fixedFailure = (error: string) => (_status: number, detail: string) => ({ success: false, error, detail });
