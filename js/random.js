// numpy's default random generator, draw for draw, with no DOM: np.random.default_rng(seed)
// is SeedSequence(seed) -> PCG64 (XSL-RR 128/64), and ndcg.stats draws its sign flips with
// Generator.choice and its bootstrap rows with Generator.integers. The page's paired tests
// (stats.js) must give ndcg.stats' figures for the same seed, so this module follows numpy's
// C and Cython source (numpy/random: bit_generator.pyx, src/pcg64/pcg64.h,
// src/distributions/distributions.c, _bounded_integers.pyx.in, _generator.pyx) step by step;
// tests/js/test_stats_js.py holds its raw draws to numpy's.
//
// PCG64 needs a 128-bit multiply per draw. BigInt is far too slow for the 10^4 x 500 draws a
// page asks, so the state is held as eight 16-bit limbs in plain numbers: a limb product is
// below 2^32 and a column of eight of them plus a carry below 2^36, exact in a double.

// ==== SeedSequence (numpy/random/bit_generator.pyx)

const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const POOL_SIZE = 4;

/** uint32 product, wrapping as C's uint32_t does. */
const mul32 = (a, b) => Math.imul(a, b) >>> 0;

/**
 * A non-negative integer seed as numpy's _int_to_uint32_array splits it: 32-bit words,
 * lowest first, [0] for 0. A Number is the integer it holds exactly (1e20 is 10**20);
 * a BigInt gives any other.
 */
export function seedWords(seed) {
  const whole = typeof seed === "bigint" || Number.isInteger(seed);
  if (!whole || seed < 0) throw new RangeError(`seed must be a non-negative integer, got ${seed}`);
  let n = BigInt(seed);
  const words = [];
  if (n === 0n) words.push(0);
  while (n > 0n) {
    words.push(Number(n & 0xffffffffn));
    n >>= 32n;
  }
  return words;
}

/** SeedSequence's pool: the entropy words hashed and mixed into POOL_SIZE words. */
export function seedPool(entropy) {
  let hashConst = INIT_A;
  const hashmix = (value) => {
    let v = (value ^ hashConst) >>> 0;
    hashConst = mul32(hashConst, MULT_A);
    v = mul32(v, hashConst);
    return (v ^ (v >>> 16)) >>> 0;
  };
  const mix = (x, y) => {
    const r = (mul32(MIX_MULT_L, x) - mul32(MIX_MULT_R, y)) >>> 0;
    return (r ^ (r >>> 16)) >>> 0;
  };
  const pool = [];
  for (let i = 0; i < POOL_SIZE; i += 1) pool.push(hashmix(i < entropy.length ? entropy[i] : 0));
  for (let src = 0; src < POOL_SIZE; src += 1) {
    for (let dst = 0; dst < POOL_SIZE; dst += 1) {
      if (src !== dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
    }
  }
  for (let src = POOL_SIZE; src < entropy.length; src += 1) {
    for (let dst = 0; dst < POOL_SIZE; dst += 1) pool[dst] = mix(pool[dst], hashmix(entropy[src]));
  }
  return pool;
}

/** SeedSequence.generate_state(nWords32 / 2, np.uint64) as uint32 words, in memory order. */
export function generateState(pool, nWords32) {
  let hashConst = INIT_B;
  const out = [];
  for (let i = 0; i < nWords32; i += 1) {
    let v = (pool[i % POOL_SIZE] ^ hashConst) >>> 0;
    hashConst = mul32(hashConst, MULT_B);
    v = mul32(v, hashConst);
    out.push((v ^ (v >>> 16)) >>> 0);
  }
  return out;
}

// ==== PCG64 (numpy/random/src/pcg64/pcg64.h): 128-bit LCG, XSL-RR output

// PCG_DEFAULT_MULTIPLIER_128 = 0x2360ED051FC65DA4_4385DF649FCCF645, 16-bit limbs, lowest first.
const MULT = [0xf645, 0x9fcc, 0xdf64, 0x4385, 0x5da4, 0x1fc6, 0xed05, 0x2360];

/** 32-bit words (lowest first) -> 16-bit limbs. */
const limbs = (words) => words.flatMap((w) => [w & 0xffff, w >>> 16]);

/** state = state * MULT + inc, mod 2^128 (pcg_setseq_128_step_r), in place. */
function step(s, inc) {
  const s0 = s[0],
    s1 = s[1],
    s2 = s[2],
    s3 = s[3],
    s4 = s[4],
    s5 = s[5],
    s6 = s[6],
    s7 = s[7];
  const m0 = MULT[0],
    m1 = MULT[1],
    m2 = MULT[2],
    m3 = MULT[3];
  const m4 = MULT[4],
    m5 = MULT[5],
    m6 = MULT[6],
    m7 = MULT[7];
  let t = s0 * m0 + inc[0];
  let c = Math.floor(t / 65536);
  s[0] = t - c * 65536;
  t = s0 * m1 + s1 * m0 + inc[1] + c;
  c = Math.floor(t / 65536);
  s[1] = t - c * 65536;
  t = s0 * m2 + s1 * m1 + s2 * m0 + inc[2] + c;
  c = Math.floor(t / 65536);
  s[2] = t - c * 65536;
  t = s0 * m3 + s1 * m2 + s2 * m1 + s3 * m0 + inc[3] + c;
  c = Math.floor(t / 65536);
  s[3] = t - c * 65536;
  t = s0 * m4 + s1 * m3 + s2 * m2 + s3 * m1 + s4 * m0 + inc[4] + c;
  c = Math.floor(t / 65536);
  s[4] = t - c * 65536;
  t = s0 * m5 + s1 * m4 + s2 * m3 + s3 * m2 + s4 * m1 + s5 * m0 + inc[5] + c;
  c = Math.floor(t / 65536);
  s[5] = t - c * 65536;
  t = s0 * m6 + s1 * m5 + s2 * m4 + s3 * m3 + s4 * m2 + s5 * m1 + s6 * m0 + inc[6] + c;
  c = Math.floor(t / 65536);
  s[6] = t - c * 65536;
  t = s0 * m7 + s1 * m6 + s2 * m5 + s3 * m4 + s4 * m3 + s5 * m2 + s6 * m1 + s7 * m0 + inc[7] + c;
  s[7] = t % 65536;
}

/** 128-bit sum a + b of limb arrays, into a. */
function addInto(a, b) {
  let carry = 0;
  for (let i = 0; i < 8; i += 1) {
    const t = a[i] + b[i] + carry;
    carry = t >= 65536 ? 1 : 0;
    a[i] = t - carry * 65536;
  }
}

/**
 * np.random.default_rng(seed)'s generator: { state, inc, hasUint32, uinteger } as numpy's
 * pcg64_state. seed: a non-negative integer (Number or BigInt), an array of uint32 entropy
 * words, or null for fresh randomness (128 bits from crypto, as numpy's secrets.randbits).
 */
export function defaultRng(seed = null) {
  let entropy;
  if (seed === null || seed === undefined) {
    entropy = Array.from(globalThis.crypto.getRandomValues(new Uint32Array(4)));
  } else if (Array.isArray(seed)) entropy = seed;
  else entropy = seedWords(seed);
  const w = generateState(seedPool(entropy), 8);
  // PCG64 reads the four uint64 as seed = (v0 << 64) | v1, inc = (v2 << 64) | v3.
  const initState = limbs([w[2], w[3], w[0], w[1]]);
  const initSeq = limbs([w[6], w[7], w[4], w[5]]);
  // inc = (initseq << 1) | 1 (pcg_setseq_128_srandom_r)
  const inc = new Array(8);
  for (let i = 7; i >= 0; i -= 1)
    inc[i] = ((initSeq[i] << 1) & 0xffff) | (i > 0 ? initSeq[i - 1] >>> 15 : 1);
  const state = new Float64Array(8);
  step(state, inc);
  addInto(state, initState);
  step(state, inc);
  return { state, inc, hasUint32: false, uinteger: 0, lo: 0, hi: 0 };
}

/** The state and increment as hex text, for comparing with numpy's bit_generator.state. */
export function stateHex(gen) {
  const hex = (a) =>
    Array.from(a)
      .reverse()
      .map((x) => x.toString(16).padStart(4, "0"))
      .join("");
  return {
    state: hex(gen.state),
    inc: hex(gen.inc),
    hasUint32: gen.hasUint32,
    uinteger: gen.uinteger,
  };
}

/** One 64-bit output (pcg64_next64), left in gen.lo and gen.hi as uint32 halves. */
export function next64(gen) {
  const s = gen.state;
  step(s, gen.inc);
  // XSL-RR: rotate (high ^ low) right by the state's top 6 bits.
  let lo = ((s[1] * 65536 + s[0]) ^ (s[5] * 65536 + s[4])) >>> 0;
  let hi = ((s[3] * 65536 + s[2]) ^ (s[7] * 65536 + s[6])) >>> 0;
  let rot = s[7] >>> 10;
  if (rot >= 32) {
    const t = lo;
    lo = hi;
    hi = t;
    rot -= 32;
  }
  if (rot > 0) {
    const l = (lo >>> rot) | (hi << (32 - rot));
    hi = (hi >>> rot) | (lo << (32 - rot));
    lo = l;
  }
  gen.lo = lo >>> 0;
  gen.hi = hi >>> 0;
}

/** pcg64_next32: the low half of a fresh 64-bit output, its high half kept for the next call. */
export function next32(gen) {
  if (gen.hasUint32) {
    gen.hasUint32 = false;
    return gen.uinteger;
  }
  next64(gen);
  gen.hasUint32 = true;
  gen.uinteger = gen.hi;
  return gen.lo;
}

// ==== Bounded integers (distributions.c, random_bounded_uint64_fill)

/**
 * One draw in [0, rng] for 0 < rng < 2^32 - 1 by Lemire's method on 32-bit draws
 * (buffered_bounded_lemire_uint32): the high word of draw * (rng + 1), rejecting the few
 * draws whose low word falls under the threshold that would bias it.
 */
export function boundedLemire32(gen, rng) {
  const excl = rng + 1;
  let threshold = -1;
  for (;;) {
    const u = next32(gen);
    // u * excl is up to 64 bits: split u into 16-bit halves to keep every product exact.
    const a = (u & 0xffff) * excl;
    const b = (u >>> 16) * excl + Math.floor(a / 65536);
    const leftover = ((b % 65536) * 65536 + (a % 65536)) >>> 0;
    if (leftover >= excl) return Math.floor(b / 65536);
    // rng_excl bounds the threshold; only here is the remainder worth computing.
    if (threshold < 0) threshold = (0xffffffff - rng) % excl;
    if (leftover >= threshold) return Math.floor(b / 65536);
  }
}

/**
 * Generator.integers(low, high, size) for int64 (the default dtype): `size` draws in
 * [low, high). Ranges of up to 2^32 values only (what a page needs), as numpy draws them.
 */
export function integers(gen, low, high, size) {
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high)) {
    throw new RangeError(`low and high must be integers, got ${low} and ${high}`);
  }
  if (high <= low) throw new RangeError("low >= high");
  const rng = high - low - 1;
  if (rng > 0xffffffff)
    throw new RangeError(`integers draws ranges of at most 2**32 values here, got ${rng + 1}`);
  const out = new Float64Array(size);
  if (rng === 0) out.fill(low);
  else if (rng === 0xffffffff) for (let i = 0; i < size; i += 1) out[i] = low + next32(gen);
  else for (let i = 0; i < size; i += 1) out[i] = low + boundedLemire32(gen, rng);
  return out;
}

/** Generator.choice(population, size) with replacement and no p: population[integers(0, n)]. */
export function choice(gen, population, size) {
  if (population.length === 0)
    throw new RangeError("a cannot be empty unless no samples are taken");
  const idx = integers(gen, 0, population.length, size);
  const out = new Float64Array(size);
  for (let i = 0; i < size; i += 1) out[i] = population[idx[i]];
  return out;
}
