/** 28500 → "285.00": the decimal string the API and the database use. */
export function centsToMoney(cents: number): string {
  const whole = Math.round(cents);
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** 28500 → "$285.00", for evidence a member reads. */
export function dollars(cents: number): string {
  return `$${centsToMoney(cents)}`;
}
