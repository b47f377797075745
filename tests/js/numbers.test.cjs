// lab.js's numbers as text and its number reader against dplab.views.numbers
// (tests/js/golden_numbers.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { load, golden, sameEach, SHARED_LAB } = require("./load.cjs");

const vectors = golden("numbers");
const lab = load([SHARED_LAB]).DPLAB_LAB;
const ratio = (value) => [value.n.toString(), value.d.toString()];
const inputs = (cases) => cases.map(([input]) => input);
const wanted = (cases) => cases.map(([, want]) => want);

test("superscript writes an exponent as superscript does", () => {
  const cases = vectors.superscript;
  sameEach(assert, inputs(cases), inputs(cases).map((e) => lab.superscript(e)), wanted(cases), "superscript");
});

test("decimalText is decimal_text", () => {
  const cases = vectors.decimal;
  const got = inputs(cases).map(([n, digits]) => lab.decimalText(BigInt(n), digits));
  sameEach(assert, inputs(cases), got, wanted(cases), "decimalText");
});

test("approxRatio and roundedRatio are approx_text and rounded, at every digit count and bound", () => {
  const cases = vectors.approx;
  assert.ok(cases.length > 30000);
  const got = inputs(cases).map(([num, den, significant, bound]) => {
    const rounded = lab.roundedRatio(BigInt(num), BigInt(den), significant, bound);
    const g = lab.gcd(rounded.num, rounded.den);
    return [
      lab.approxRatio(BigInt(num), BigInt(den), significant, bound),
      [(rounded.num / g).toString(), (rounded.den / g).toString()],
    ];
  });
  sameEach(assert, inputs(cases), got, cases.map(([, text, number]) => [text, number]), "approxRatio");
});

test("a ratio with a negative denominator is the same number", () => {
  assert.strictEqual(lab.approxRatio(BigInt(1), BigInt(-3)), "-0.3333");
  assert.strictEqual(lab.approxRatio(BigInt(-1), BigInt(-3), 4, "upper"), "0.3334");
});

test("shown and valueText are value_text, with the number shown", () => {
  const cases = vectors.shown;
  const got = inputs(cases).map(([num, den, significant, bound]) => {
    const s = lab.shown(BigInt(num), BigInt(den), significant, bound);
    const q = lab.Q(s.num, s.den);
    return [s.text, q.n.toString(), q.d.toString()];
  });
  sameEach(assert, inputs(cases), got, wanted(cases), "shown");
  const plain = vectors.value_text;
  const texts = inputs(plain).map(([num, den]) => lab.valueText(BigInt(num), BigInt(den)));
  sameEach(assert, inputs(plain), texts, wanted(plain), "valueText");
});

test("fractionText, shortDecimal, numberText and exactText are fraction_text, is_short_decimal, number_text and fraction_decimal_text", () => {
  const cases = vectors.exact;
  const got = inputs(cases).map(([num, den]) => {
    const a = lab.Q(num, den);
    return [lab.fractionText(a), lab.shortDecimal(a, 6), lab.numberText(a), lab.exactText(a)];
  });
  sameEach(assert, inputs(cases), got, wanted(cases), "exact texts");
});

test("floatRatio is a double's exact value", () => {
  const cases = vectors.float_ratio;
  const got = inputs(cases).map((x) => ratio(lab.floatRatio(x)));
  sameEach(assert, inputs(cases), got, wanted(cases), "floatRatio");
});

test("readNumber reads every spelling to its exact value", () => {
  const cases = vectors.read;
  assert.ok(cases.length > 1500);
  const got = inputs(cases).map((text) => {
    const read = lab.readNumber(text);
    return read.value ? ratio(read.value) : read.reason;
  });
  sameEach(assert, inputs(cases), got, wanted(cases), "readNumber");
});

test("readNumber names what is wrong with a text it refuses", () => {
  const cases = vectors.refused;
  const got = inputs(cases).map((text) => {
    const read = lab.readNumber(text);
    return read.value ? ratio(read.value) : read.reason;
  });
  sameEach(assert, inputs(cases), got, wanted(cases), "readNumber refusals");
});

test("fromSuperscript and powerOfTenText are from_superscript and power_of_ten_text", () => {
  const back = vectors.from_superscript;
  sameEach(assert, inputs(back), inputs(back).map((t) => lab.fromSuperscript(t)), wanted(back), "fromSuperscript");
  const powers = vectors.power_of_ten;
  sameEach(assert, inputs(powers), inputs(powers).map((e) => lab.powerOfTenText(e)), wanted(powers), "powerOfTenText");
});

test("floatText, log10Text and tinyText are float_text, log10_text and tiny_text", () => {
  const floats = vectors.float_text;
  sameEach(assert, inputs(floats), inputs(floats).map(([x, digits]) => lab.floatText(x, digits)), wanted(floats), "floatText");
  const logs = vectors.log10_text;
  sameEach(assert, inputs(logs), inputs(logs).map((x) => lab.log10Text(x)), wanted(logs), "log10Text");
  const tiny = vectors.tiny_text;
  sameEach(assert, inputs(tiny), inputs(tiny).map((x) => lab.tinyText(x)), wanted(tiny), "tinyText");
});

test("shownValue is shown_value, and shownNumber the double nearest to it", () => {
  const cases = vectors.shown_value;
  assert.ok(cases.length > 3000);
  const got = inputs(cases).map((text, i) => {
    const number = lab.shownNumber(text);
    // where float() overflows in Python, the nearest double is ±Infinity
    const double = cases[i][1][2] === null && !Number.isFinite(number) ? null : number;
    return [...ratio(lab.shownValue(text)), double];
  });
  sameEach(assert, inputs(cases), got, wanted(cases), "shownValue");
});
