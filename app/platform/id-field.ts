import { z } from "zod";

/** An id an API call names (an app, a media item, a persona…): 1 to 64 characters, errors naming the field. */
export const idField = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is too long`);
