/**
 * @croft/ui/tokens: the design tokens as data, for scripts that read the numbers (the brand book
 * page, contrast checks). Components style themselves with the CSS custom properties instead, so
 * this stays out of the shared index and out of a visitor's first load.
 */
export * from './tokens';
export { contrastRatio, relativeLuminance, parseColor } from './contrast';
