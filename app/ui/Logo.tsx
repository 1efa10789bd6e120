import { useId } from "react";

export type LogoSize = "large" | "medium" | "small";

/** The spec's three sizes; the drawing is one 138×30 viewBox scaled to each. */
const SIZES: Record<LogoSize, { width: number; height: number }> = {
  large: { width: 138, height: 30 },
  medium: { width: 99, height: 22 },
  small: { width: 49.5, height: 11 },
};

export type LogoProps = {
  /** The product name: both the wordmark text and the accessible name. */
  name?: string;
  size?: LogoSize;
  /**
   * "light" is the version for light backgrounds (dark text), "dark" the version for dark backgrounds
   * (light text); "auto" (default) uses the current text colour, so it follows the theme.
   */
  variant?: "light" | "dark" | "auto";
  className?: string;
};

/**
 * The wordmark: a yellow rounded-square mark holding a play glyph, then the
 * product name in bold. Inline SVG so it is crisp at every size and needs no extra request.
 */
export function Logo({ name = "Studio", size = "medium", variant = "auto", className }: LogoProps) {
  const titleId = `logo${useId().replace(/:/g, "")}`;
  const { width, height } = SIZES[size];
  // The box is fixed (spec sizes), so longer names get a smaller font, and are squeezed only past that.
  const fontSize = Math.max(16, Math.min(23, 150 / Math.max(name.length, 1)));
  return (
    <svg
      className={["logo", `logo--${variant}`, className].filter(Boolean).join(" ")}
      width={width}
      height={height}
      viewBox="0 0 138 30"
      role="img"
      aria-labelledby={titleId}
      focusable="false"
    >
      <title id={titleId}>{name}</title>
      <rect className="logo__mark" x="0" y="0" width="30" height="30" rx="8" />
      {/* Colours come from styles.css (.logo__*) because CSS variables are not reliable in SVG attributes. */}
      {/* A play triangle with rounded corners: "press play and learn". */}
      <path
        d="M11.5 8.6v12.8a1 1 0 0 0 1.5.86l10.3-6.4a1 1 0 0 0 0-1.72L13 7.74a1 1 0 0 0-1.5.86z"
        className="logo__glyph"
      />
      <text
        x="38"
        y="22.5"
        className="logo__text"
        fontSize={fontSize}
        textLength={name.length * fontSize * 0.6 > 98 ? 98 : undefined}
        lengthAdjust="spacingAndGlyphs"
      >
        {name}
      </text>
    </svg>
  );
}
