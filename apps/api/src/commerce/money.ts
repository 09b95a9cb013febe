/** Money helpers: the database counts pence, the wire shows pounds with 2 decimals. */
export const pounds = (pence: number) => Math.round(pence) / 100;
export const toPence = (value: number) => Math.round(value * 100);
export const formatPounds = (pence: number) => (pence / 100).toFixed(2);
