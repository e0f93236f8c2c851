/** Product-wide constants the spec fixes (section 9 and the shell). */
export const PRODUCT_NAME = 'Safar';
export const TOAST_DURATION_MS = 3000;
export const HEADER_SCROLL_THRESHOLD_PX = 20;
