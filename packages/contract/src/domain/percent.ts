/**
 * The one way a share is shown as a whole percent, in the API and the web app alike: rounded to the
 * nearest whole number (1 of 6 is 17 %, not 16 %), 0 when there is nothing to share. 100 only when the
 * whole is reached, so 199 of 200 lectures (99.5 %) reads 99 %, never "100 %" on an unfinished title.
 * The tiny nudge absorbs binary fractions so that an exact half always rounds up.
 */
export function wholePercent(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  if (part >= whole) return 100;
  return Math.min(99, Math.round((part * 100) / whole + 1e-9));
}
