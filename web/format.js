// Numbers as the answer text writes them (the same rules as agent/answer/render.py, so text and table
// agree): en 15,895.00 · ru 15\u00a0895,00 · es 15.895,00 (CLDR's group symbol: Russian's is the
// no-break space, so a line never breaks inside a number); percents signed with a no-break space
// before % in ru/es (CLDR's percent pattern); volumes scaled above ten thousand; counts as integers.
"use strict";

const SEPARATORS = {en: [",", ".", ""], ru: ["\u00a0", ",", "\u00a0"], es: [".", ",", "\u00a0"]};
const SCALES = {
  en: [[1e9, 1e9, " billion"], [1e6, 1e6, " million"], [1e4, 1e3, "K"]],
  ru: [[1e9, 1e9, " млрд"], [1e6, 1e6, " млн"], [1e4, 1e3, " тыс"]],
  es: [[1e9, 1e9, " mil millones"], [1e6, 1e6, " millones"], [1e4, 1e3, " mil"]],
};

// The kind of each claim type (agent/answer/slots.py's kind_of for DESIGN.md's claim types).
const CLAIM_KINDS = {
  open: "price", close: "price", high: "price", low: "price", avg_daily_range: "price",
  change_points: "price", pct_change: "pct", daily_pct_change: "pct", avg_return_after: "pct",
  median_return_after: "pct", return_prev_close: "pct", max_drawdown: "pct",
  volatility: "pct_level", win_rate_after: "pct_level", total_volume: "volume",
  avg_daily_volume: "volume", trading_days: "count", up_days: "count", down_days: "count",
  event_count: "count", rsi: "number",
};

function sepOf(lang) { return SEPARATORS[lang] || SEPARATORS.en; }

function fmtNumber(value, lang, decimals = 2) {
  const [group, point] = sepOf(lang);
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, frac] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const negative = value < 0 && Number(fixed) !== 0;
  return (negative ? "-" : "") + grouped + (frac ? point + frac : "");
}

function fmtPercent(value, lang, signed = true, decimals = 2) {
  const space = sepOf(lang)[2];
  let body = fmtNumber(value, lang, decimals);
  if (signed && value > 0 && body.replace(/[0,.\s]/g, "") !== "") body = "+" + body;
  return `${body}${space}%`;
}

function fmtVolume(value, lang) {
  for (const [threshold, divisor, word] of SCALES[lang] || SCALES.en) {
    if (Math.abs(value) >= threshold) return fmtNumber(value / divisor, lang) + word;
  }
  return fmtNumber(value, lang, 0);
}

function fmtKind(value, kind, lang) {
  if (typeof value !== "number" || !isFinite(value)) return String(value ?? "");
  switch (kind) {
    case "pct": return fmtPercent(value, lang, true);
    case "pct_level": return fmtPercent(value, lang, false);
    case "volume": return fmtVolume(value, lang);
    case "count": return fmtNumber(Math.round(value), lang, 0);
    default: return fmtNumber(value, lang, 2);
  }
}

function fmtClaim(claim, lang) {
  return fmtKind(claim.value, CLAIM_KINDS[claim.type] || "number", lang);
}
