/** Number formats that more than one demo dataset shows its figures in. */

/** Soles without cents: the finance and HR figures. */
export const wholeSoles = '"S/" #,0';
