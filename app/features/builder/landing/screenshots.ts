/**
 * The app's screenshots as its end users see them (spec 7 regenerateAIScreenshots; issue 20): the
 * landing page, the first onboarding step and the plan, each drawn in a phone frame from the app's
 * real content and theme (its hero title, subtitle, button and picture; its first question and
 * options; a plan made from its blueprint) by the embedded painter. A styled background, when the
 * AI layer made one, sits behind the phone; the text is always the app's own.
 */
import type { LandingPage, OnboardingFlow, Plan, ScreenshotScreen, Theme } from "~/db/app-content";
import { phaseLabel } from "~/features/plans/rules";
import {
  Canvas,
  loadFonts,
  mixRgb,
  rgbOf,
  textOn,
  wrapText,
  type Picture,
  type Rgb,
} from "~/platform/adapters/ai/embedded/canvas";

/** A phone-sized picture: the frame and a margin of background. */
export const SCREENSHOT_SIZE = { width: 430, height: 880 } as const;
const PHONE = { x: 20, y: 20, w: 390, h: 840, r: 54 };
const SCREEN = { x: 31, y: 31, w: 368, h: 818, r: 44 };
const PAD = 22;

export interface ScreenshotContent {
  appName: string;
  theme: Theme;
  landingPage: LandingPage;
  onboardingFlow: OnboardingFlow;
  plan: Plan;
  /** The landing page's hero picture, decoded; null draws the theme's gradient instead. */
  hero: Picture | null;
  /** The styled background behind the phone; null paints a soft gradient in the theme's colours. */
  background: Picture | null;
}

interface Palette {
  bg: Rgb;
  text: Rgb;
  muted: Rgb;
  primary: Rgb;
  accent: Rgb;
  onPrimary: Rgb;
  line: Rgb;
  tint: Rgb;
  radius: number;
}

/** The theme's colours as the app's pages use them (dark mode has its own background and text, as themeStyle). */
function paletteOf(theme: Theme): Palette {
  const bg = rgbOf(theme.mode === "dark" ? "#111114" : theme.backgroundColor);
  const text = rgbOf(theme.mode === "dark" ? "#f4f4f6" : theme.textColor);
  const primary = rgbOf(theme.primaryColor);
  return {
    bg,
    text,
    muted: mixRgb(text, bg, 0.3),
    primary,
    accent: rgbOf(theme.accentColor),
    onPrimary: textOn(primary),
    line: mixRgb(bg, text, 0.16),
    tint: mixRgb(bg, primary, 0.1),
    radius: theme.cornerRadius,
  };
}

/** The backdrop, the phone and its screen: answers the canvas to draw the screen's content on. */
function phone(content: ScreenshotContent, p: Palette): Canvas {
  const canvas = new Canvas(SCREENSHOT_SIZE.width, SCREENSHOT_SIZE.height, p.bg);
  if (content.background) canvas.drawPicture(content.background, 0, 0, canvas.width, canvas.height);
  else
    canvas.gradient(
      0,
      0,
      canvas.width,
      canvas.height,
      mixRgb(p.primary, [255, 255, 255], 0.55),
      mixRgb(p.accent, [255, 255, 255], 0.45),
    );
  canvas.roundRect(PHONE.x + 4, PHONE.y + 10, PHONE.w, PHONE.h, PHONE.r, [0, 0, 0], 0.22);
  canvas.roundRect(PHONE.x, PHONE.y, PHONE.w, PHONE.h, PHONE.r, [22, 22, 26]);
  canvas.roundRect(SCREEN.x, SCREEN.y, SCREEN.w, SCREEN.h, SCREEN.r, p.bg);
  // The status bar: the time and the camera's pill.
  canvas.text("9:41", SCREEN.x + 30, SCREEN.y + 12, 14, p.text, "bold");
  canvas.roundRect(SCREEN.x + SCREEN.w / 2 - 48, SCREEN.y + 10, 96, 26, 13, [10, 10, 12]);
  canvas.roundRect(SCREEN.x + SCREEN.w - 62, SCREEN.y + 17, 24, 11, 3, p.text);
  return canvas;
}

const LEFT = SCREEN.x + PAD;
const WIDTH = SCREEN.w - PAD * 2;
const BOTTOM = SCREEN.y + SCREEN.h - 24;

function button(canvas: Canvas, p: Palette, label: string, y: number, colour = p.primary) {
  const h = 50;
  canvas.roundRect(LEFT, y, WIDTH, h, Math.min(p.radius, h / 2), colour);
  const [line] = wrapText(label, 16, WIDTH - 24, 1, "bold");
  canvas.centredText(line ?? "", LEFT + WIDTH / 2, y + (h - 19) / 2, 16, textOn(colour), "bold");
  return y + h;
}

function landingScreen(content: ScreenshotContent, p: Palette): Canvas {
  const canvas = phone(content, p);
  const page = content.landingPage;
  let y = SCREEN.y + 52;
  const heroH = 180;
  if (content.hero) canvas.drawPicture(content.hero, LEFT - 6, y, WIDTH + 12, heroH, Math.min(18, p.radius + 4));
  else canvas.gradient(LEFT - 6, y, WIDTH + 12, heroH, p.primary, p.accent);
  y += heroH + 18;
  canvas.text(content.appName, LEFT, y, 13, p.primary, "bold");
  y += 24;
  y = canvas.lines(wrapText(page.hero.title, 26, WIDTH, 3, "bold"), LEFT, y, 26, p.text, "bold", 32) + 6;
  if (page.hero.subtitle)
    y = canvas.lines(wrapText(page.hero.subtitle, 15, WIDTH, 4), LEFT, y, 15, p.muted, "regular", 21);
  y = button(canvas, p, page.hero.ctaLabel || "Get started", y + 16) + 26;
  if (page.benefits.length > 0 && y < BOTTOM - 90) {
    y = canvas.lines(wrapText(`Why ${content.appName}`, 18, WIDTH, 2, "bold"), LEFT, y, 18, p.text, "bold", 24) + 10;
    for (const benefit of page.benefits) {
      const lines = wrapText(benefit.description, 13, WIDTH - 28, 2);
      const h = 24 + 22 + lines.length * 18;
      if (y + h > BOTTOM) break;
      canvas.roundRect(LEFT, y, WIDTH, h, Math.min(p.radius, 16), p.tint);
      canvas.text(wrapText(benefit.title, 15, WIDTH - 28, 1, "bold")[0] ?? "", LEFT + 14, y + 12, 15, p.text, "bold");
      canvas.lines(lines, LEFT + 14, y + 36, 13, p.muted, "regular", 18);
      y += h + 12;
    }
  }
  return canvas;
}

function onboardingScreen(content: ScreenshotContent, p: Palette): Canvas {
  const canvas = phone(content, p);
  const pages = content.onboardingFlow.pages;
  const first = pages[0]!;
  const question = first.questions[0]!;
  let y = SCREEN.y + 60;
  canvas.text(`Step 1 of ${pages.length}`, LEFT, y, 13, p.muted, "bold");
  y += 26;
  canvas.roundRect(LEFT, y, WIDTH, 6, 3, p.line);
  canvas.roundRect(LEFT, y, Math.max(12, WIDTH / pages.length), 6, 3, p.primary);
  y += 30;
  canvas.text(wrapText(first.title, 14, WIDTH, 1, "bold")[0] ?? "", LEFT, y, 14, p.primary, "bold");
  y += 26;
  y = canvas.lines(wrapText(question.label, 22, WIDTH, 4, "bold"), LEFT, y, 22, p.text, "bold", 28) + 4;
  if (question.help) y = canvas.lines(wrapText(question.help, 14, WIDTH, 3), LEFT, y, 14, p.muted, "regular", 20);
  y += 18;
  const options = question.options ?? [];
  if (options.length > 0) {
    for (const [i, option] of options.entries()) {
      if (y + 54 > BOTTOM - 80) break;
      const chosen = i === 0;
      const r = Math.min(p.radius, 16);
      canvas.roundRect(LEFT, y, WIDTH, 52, r, chosen ? p.tint : p.bg);
      canvas.roundRectOutline(LEFT, y, WIDTH, 52, r, chosen ? 2 : 1.5, chosen ? p.primary : p.line);
      const cx = LEFT + 26;
      const cy = y + 26;
      if (question.type === "multiple_choice") {
        canvas.roundRectOutline(cx - 9, cy - 9, 18, 18, 4, 2, chosen ? p.primary : p.muted);
        if (chosen) canvas.roundRect(cx - 9, cy - 9, 18, 18, 4, p.primary);
      } else {
        canvas.roundRectOutline(cx - 10, cy - 10, 20, 20, 10, 2, chosen ? p.primary : p.muted);
        if (chosen) canvas.circle(cx, cy, 5.5, p.primary);
      }
      canvas.text(
        wrapText(option.label, 16, WIDTH - 64, 1)[0] ?? "",
        LEFT + 48,
        y + 16,
        16,
        p.text,
        chosen ? "bold" : "regular",
      );
      y += 62;
    }
  } else {
    // A typed answer: the field with its placeholder and unit.
    canvas.roundRectOutline(LEFT, y, WIDTH, 52, Math.min(p.radius, 12), 1.5, p.line);
    const hint = question.placeholder || (question.unit ? `0 ${question.unit}` : "Type your answer");
    canvas.text(wrapText(hint, 16, WIDTH - 28, 1)[0] ?? "", LEFT + 14, y + 16, 16, p.muted);
  }
  button(canvas, p, "Continue", BOTTOM - 56);
  return canvas;
}

function planScreen(content: ScreenshotContent, p: Palette): Canvas {
  const canvas = phone(content, p);
  const plan = content.plan;
  let y = SCREEN.y + 58;
  canvas.text("Your plan", LEFT, y, 13, p.primary, "bold");
  y += 24;
  y = canvas.lines(wrapText(plan.title, 22, WIDTH, 2, "bold"), LEFT, y, 22, p.text, "bold", 28) + 10;
  // The countdown card: 'Time to Race Day: 6 weeks'.
  const cardH = 74;
  canvas.roundRect(LEFT, y, WIDTH, cardH, Math.min(p.radius, 16), p.primary);
  canvas.text(
    wrapText(plan.timeToTargetLabel, 13, WIDTH - 28, 1, "bold")[0] ?? "",
    LEFT + 14,
    y + 12,
    13,
    p.onPrimary,
    "bold",
  );
  canvas.text(plan.timeToTargetTitle, LEFT + 14, y + 34, 24, p.onPrimary, "bold");
  y += cardH + 22;
  const phases = plan.phases;
  for (const [i, phase] of phases.entries()) {
    const focus = wrapText(phase.focus, 13, WIDTH - 40, 2);
    const h = 18 + 22 + focus.length * 18;
    if (y + h > BOTTOM) break;
    const dotX = LEFT + 8;
    if (i + 1 < phases.length) canvas.roundRect(dotX - 1, y + 14, 2, h + 4, 1, p.line);
    if (i === 0) canvas.circle(dotX, y + 8, 7, p.primary);
    else canvas.roundRectOutline(dotX - 7, y + 1, 14, 14, 7, 2, p.primary);
    canvas.text(phaseLabel(phases, i), LEFT + 26, y, 12, p.muted, "bold");
    canvas.text(wrapText(phase.title, 16, WIDTH - 30, 1, "bold")[0] ?? "", LEFT + 26, y + 17, 16, p.text, "bold");
    canvas.lines(focus, LEFT + 26, y + 40, 13, p.muted, "regular", 18);
    y += h + 12;
  }
  return canvas;
}

export const SCREEN_PAINTERS: Record<ScreenshotScreen, (c: ScreenshotContent, p: Palette) => Canvas> = {
  landing: landingScreen,
  onboarding: onboardingScreen,
  plan: planScreen,
};

/** What each screenshot shows, in words (its alt text). */
export function screenshotAlt(
  screen: ScreenshotScreen,
  content: Pick<ScreenshotContent, "appName" | "landingPage" | "onboardingFlow" | "plan">,
): string {
  const text =
    screen === "landing"
      ? `${content.appName} on a phone: the landing page, “${content.landingPage.hero.title}”`
      : screen === "onboarding"
        ? `${content.appName} on a phone: the first onboarding question, “${content.onboardingFlow.pages[0]?.questions[0]?.label ?? ""}”`
        : `${content.appName} on a phone: the personalized plan, “${content.plan.title}”`;
  return text.slice(0, 200);
}

/** One screenshot as PNG bytes. */
export async function paintScreenshot(screen: ScreenshotScreen, content: ScreenshotContent): Promise<Uint8Array> {
  await loadFonts();
  return SCREEN_PAINTERS[screen](content, paletteOf(content.theme)).png();
}
