// The demo app's seeded content must be what the app's own schemas accept, or the builder could not
// open it and the public pages would show what no save could make.
import { describe, expect, it } from "vitest";
import { blueprintSchema, landingPageSchema, onboardingFlowSchema, pricingSchema, themeSchema } from "~/db/app-content";
import {
  DEMO_BLUEPRINT,
  DEMO_LANDING_PAGE,
  DEMO_ONBOARDING_FLOW,
  DEMO_PRICING,
  DEMO_THEME,
  STUDIO_TIERS,
} from "../tools/apps-sql.mjs";

describe("the demo app's seeded content", () => {
  it("passes the content schemas", () => {
    expect(landingPageSchema.safeParse(DEMO_LANDING_PAGE).error?.issues).toBeUndefined();
    expect(themeSchema.safeParse(DEMO_THEME).error?.issues).toBeUndefined();
    expect(onboardingFlowSchema.safeParse(DEMO_ONBOARDING_FLOW).error?.issues).toBeUndefined();
    expect(blueprintSchema.safeParse(DEMO_BLUEPRINT).error?.issues).toBeUndefined();
    expect(pricingSchema.safeParse(DEMO_PRICING).error?.issues).toBeUndefined();
  });

  it("is a half-marathon app with the spec's plan defaults", () => {
    expect(DEMO_BLUEPRINT.expectedPhaseCount).toBe(13);
    expect(DEMO_BLUEPRINT.defaultProgramLengthWeeks).toBe(6);
    expect(DEMO_BLUEPRINT.targetLabel).toBe("Race Day");
  });

  it("offers three studio tiers, each monthly and yearly", () => {
    expect(STUDIO_TIERS.map((t) => t.slug)).toEqual(["starter", "pro", "studio"]);
    for (const t of STUDIO_TIERS) expect(Object.keys(t.prices)).toEqual(["month", "year"]);
  });

  it("rejects what the builder must refuse", () => {
    expect(themeSchema.safeParse({ ...DEMO_THEME, primaryColor: "red" }).success).toBe(false);
    expect(onboardingFlowSchema.safeParse({ version: 2, pages: [] }).success).toBe(false);
    expect(
      landingPageSchema.safeParse({ ...DEMO_LANDING_PAGE, hero: { ...DEMO_LANDING_PAGE.hero, title: "" } }).success,
    ).toBe(false);
  });
});
