/** Product-wide constants: names, limits and delays the whole app shares. */
export const PRODUCT_NAME = 'Safar';
export const TOAST_DURATION_MS = 3000;
export const HEADER_SCROLL_THRESHOLD_PX = 20;
