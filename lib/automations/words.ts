// Durations in words ("1 day", "3 hours"): one spelling for the canvas, the panels, the simulation and the
// contact's journey (the journey once said "1 d" where the canvas said "1 day"). No imports: the browser
// bundle takes it too.
const UNIT_WORDS: Record<string, [string, string]> = {
  m: ["minute", "minutes"],
  h: ["hour", "hours"],
  d: ["day", "days"],
  w: ["week", "weeks"],
  M: ["month", "months"],
};

export const durationWords = (amount: number, units: string): string => `${amount} ${UNIT_WORDS[units]?.[amount === 1 ? 0 : 1] ?? units}`;
