import type { PracticeDomain } from "../domain";
import { FITNESS_DOMAINS } from "./fitness";
import { MIND_DOMAINS } from "./mind";
import { MUSIC_DOMAINS } from "./music";
import { SKILLS_DOMAINS } from "./skills";

/** Every practice domain the embedded AI default knows, fitness first. */
export const TAXONOMY: readonly PracticeDomain[] = [
  ...FITNESS_DOMAINS,
  ...MUSIC_DOMAINS,
  ...MIND_DOMAINS,
  ...SKILLS_DOMAINS,
];

const BY_ID = new Map(TAXONOMY.map((domain) => [domain.id, domain]));

/** The domain with this id, or undefined. */
export function domainById(id: string): PracticeDomain | undefined {
  return BY_ID.get(id);
}
