// Benchmark scenarios. Each: a name, the request(s) to send and, optionally, a setup that logs in
// or creates data and returns headers. The first scenario is the baseline the others are compared to.
// Features add their scenarios here (catalogue, lecture, quiz, cart, checkout...).
import { hlsSegmentScenario } from "./hls.scenario.mjs";

export const scenarios = [
  { name: "baseline: GET /api/health", path: "/api/health" },
  {
    name: "database read: GET /api/iu/configurations?searchText=promo_bar",
    path: "/api/iu/configurations?searchText=promo_bar",
  },
  { name: "database read: GET /api/locales", path: "/api/locales" },
];

/** Logs in a demo account and returns its bearer header (for scenarios behind /iu). */
async function loginAs(base, login, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
  if (!res.ok) throw new Error(`bench: login as ${login} failed with ${res.status}`);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}
const asAna = (base) => loginAs(base, "ana", "Learner-Pass1");

const progressLearners = [];
let progressNext = 0;

// Catalogue and lecture reads (issue 5). The seed makes title 1 the free "Everyday Spanish", in which
// ana is enrolled with lecture 1 completed and lecture 2 in progress.
scenarios.push(
  { name: "catalogue: GET /api/courses (public list)", path: "/api/courses?per_page=20" },
  { name: "catalogue: GET /api/courses/1 (public title page)", path: "/api/courses/1" },
  { name: "catalogue: GET /api/iu/courses/1 (learner title page)", path: "/api/iu/courses/1", setup: asAna },
  {
    name: "catalogue: GET /api/iu/dashboard/learning (learner dashboard)",
    path: "/api/iu/dashboard/learning",
    setup: asAna,
  },
  {
    name: "lecture: GET /api/iu/lectures/2 (learner lecture page)",
    path: "/api/iu/lectures/2",
    setup: asAna,
  },
  hlsSegmentScenario,
  {
    // The player reports what was watched every few seconds while a video plays. Each request comes
    // from another of 500 learners enrolled in the title (POST /bench/learners), as real
    // traffic does: one learner's row is written by one player at a time.
    name: "lecture: PUT /api/iu/lectures/1/progress (save video progress, 500 learners)",
    setup: async (base) => {
      const res = await fetch(`${base}/bench/learners`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ course_id: 1, count: 500 }),
      });
      if (!res.ok) throw new Error(`bench: POST /bench/learners answered ${res.status}`);
      progressLearners.push(...(await res.json()).learners);
      return {};
    },
    requests: [
      {
        method: "PUT",
        path: "/api/iu/lectures/1/progress",
        setupRequest: (req) => {
          const learner = progressLearners[progressNext++ % progressLearners.length];
          return {
            ...req,
            headers: { authorization: `Bearer ${learner.token}`, "content-type": "application/json" },
            body: JSON.stringify({ ranges: [[0, 5]], position: 5 }),
          };
        },
      },
    ],
  },
  {
    // ana's inbox holds 1,000 of the million notification rows the bench seed writes.
    name: "notifications: GET /api/iu/notifications/me (first page, unread count)",
    path: "/api/iu/notifications/me",
    setup: asAna,
  },
);

// Quizzes and exams (issue 6): "500 learners start the same exam at the same minute and submit".
// The setup asks the bench server's POST /bench/exam-learners (bench-server.ts; the product has no
// such route) for 500 learners enrolled in the seeded module exam's title, each with exam
// accesses, then drives the burst itself with 100 requests in flight: 500 starts, every learner
// saving each answer, 500 submits, and prints p50/p95/p99 of each phase. The measured run that follows keeps 100
// connections cycling start -> save each answer -> submit over the same learners.
const exam = { learners: [], answers: [], path: "", next: 0 };
const nextLearner = () => exam.learners[exam.next++ % exam.learners.length];
const bearer = (learner) => ({ authorization: `Bearer ${learner.token}` });
const bearerJson = (learner) => ({ ...bearer(learner), "content-type": "application/json" });

/** Sends one request per item, at most `connections` in flight (as the other scenarios), timing each. */
async function timed(list, send, connections = Number(process.env.BENCH_CONNECTIONS ?? 100)) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const item = list[next++];
      const started = performance.now();
      const res = await send(item);
      const body = await res.text();
      times.push({ ms: performance.now() - started, ok: res.ok, body, item });
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, list.length) }, worker));
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { times, p50: at(50), p95: at(95), p99: at(99), errors: times.filter((t) => !t.ok).length };
}

async function examBurst(base) {
  const res = await fetch(`${base}/bench/exam-learners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count: 500, accesses_per_learner: 20 }),
  });
  if (!res.ok)
    throw new Error(
      `bench: POST /bench/exam-learners answered ${res.status}; the exam scenario needs the bench server (apps/api/dist/bench-server.js)`,
    );
  const prepared = await res.json();
  Object.assign(exam, {
    learners: prepared.learners,
    answers: prepared.answers,
    path: prepared.attempt_path,
    next: 0,
  });
  const report = (label, r) =>
    console.log(
      `  ${label.padEnd(68)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.errors ? `  (${r.errors} errors)` : ""}`,
    );
  console.log(`exam burst: ${exam.learners.length} learners, ${exam.answers.length} questions each`);
  const starts = await timed(exam.learners, (l) =>
    fetch(`${base}${exam.path}`, { method: "POST", headers: bearer(l) }),
  );
  report("start: 500 learners (POST .../quiz/attempt)", starts);
  const attemptOf = new Map(starts.times.filter((t) => t.ok).map((t) => [t.item.id, JSON.parse(t.body).id]));
  const attempts = exam.learners.map((l) => attemptOf.get(l.id));
  const saves = await timed(
    exam.learners.flatMap((l, i) => exam.answers.map((a) => ({ l, attempt: attempts[i], a }))),
    ({ l, attempt, a }) =>
      fetch(`${base}/api/iu/quiz-attempts/${attempt}/answers/${a.question_id}`, {
        method: "PUT",
        headers: bearerJson(l),
        body: JSON.stringify({ answer: a.answer }),
      }),
  );
  report(`answer save: ${saves.times.length} saves (PUT .../answers/:questionId)`, saves);
  const submits = await timed(
    exam.learners.map((l, i) => ({ l, attempt: attempts[i] })),
    ({ l, attempt }) =>
      fetch(`${base}/api/iu/quiz-attempts/${attempt}/submit`, { method: "POST", headers: bearer(l) }),
  );
  report("submit: 500 learners (POST .../submit)", submits);
  return {};
}

scenarios.push({
  name: "exam: 500 learners start, answer and submit (cycle, 100 conn.)",
  setup: examBurst,
  requests: [
    {
      method: "POST",
      setupRequest: (req, context) => {
        context.learner = nextLearner();
        return { ...req, path: exam.path, headers: bearer(context.learner) };
      },
      onResponse: (status, body, context) => {
        context.attempt = status < 300 ? JSON.parse(body).id : 0;
      },
    },
    // One save per question of the seeded module exam (6 questions).
    ...Array.from({ length: 6 }, (_, index) => ({
      method: "PUT",
      setupRequest: (req, context) => {
        const a = exam.answers[index % exam.answers.length];
        return {
          ...req,
          path: `/api/iu/quiz-attempts/${context.attempt}/answers/${a.question_id}`,
          headers: bearerJson(context.learner),
          body: JSON.stringify({ answer: a.answer }),
        };
      },
    })),
    {
      method: "POST",
      setupRequest: (req, context) => ({
        ...req,
        path: `/api/iu/quiz-attempts/${context.attempt}/submit`,
        headers: bearer(context.learner),
      }),
    },
  ],
});

// Commerce (issue 7): server cart pricing and checkout with the sandbox provider's success card.
// Cart pricing as ana; checkout as many learners (below), each request with its own Idempotency-Key
// (autocannon's setupRequest), so every request is a real order.
const commerce = { examId: 0, token: "" };

async function commerceSetup(base) {
  const headers = await asAna(base);
  const json = { ...headers, "content-type": "application/json" };
  for (let id = 1; id <= 30 && !commerce.examId; id++) {
    const res = await fetch(`${base}/api/iu/cart/price`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ items: [{ type: "exam_accesses", id }] }),
    });
    const body = await res.json();
    if (res.ok && body.lines[0]?.problem === null && body.total > 0) commerce.examId = id;
  }
  if (!commerce.examId) throw new Error("bench: no paid exam found to buy");
  const token = await fetch(`${base}/api/payments/sandbox/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      number: "4242424242424242",
      exp_month: 12,
      exp_year: 2099,
      cvc: "123",
      holder_name: "Ana Bench",
    }),
  });
  if (!token.ok) throw new Error(`bench: sandbox token answered ${token.status}`);
  commerce.token = (await token.json()).token;
  return json;
}

const pricingScenario = {
  name: "commerce: POST /api/iu/cart/price (server pricing)",
  setup: async (base) => {
    const headers = await commerceSetup(base);
    pricingScenario.requests = [
      {
        method: "POST",
        path: "/api/iu/cart/price",
        headers,
        body: JSON.stringify({
          items: [{ type: "course", id: 1, items: [{ type: "exam_accesses", id: commerce.examId }] }],
          coupon_code: "FIVEOFF",
        }),
      },
    ];
    return headers;
  },
};
// Checkout as 10,000 different learners (POST /bench/learners), each request with its own
// Idempotency-Key, all buying the same exam: one hot exam, as on a real exam day. A learner may buy an
// exam access only while holding none with attempts left, so a learner's second request of the run
// is a 409 (counted as an error): the pool must outnumber the run's requests (about 9,000 in 10 s at
// 100 connections; a longer BENCH_SECONDS comes back to learners who already bought).
const buyers = { learners: [], next: 0 };
const checkoutScenario = {
  name: "commerce: POST /api/iu/checkout (sandbox card, 10,000 learners, unique keys)",
  setup: async (base) => {
    await commerceSetup(base);
    const res = await fetch(`${base}/bench/learners`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // BENCH_CHECKOUT_LEARNERS: fewer buyers make the setup quicker on a busy machine (each buys
      // once; more checkouts than buyers end in 409s, counted as errors).
      body: JSON.stringify({
        quiz_id: commerce.examId,
        count: Number(process.env.BENCH_CHECKOUT_LEARNERS ?? 10_000),
      }),
    });
    if (!res.ok) throw new Error(`bench: POST /bench/learners answered ${res.status}`);
    buyers.learners = (await res.json()).learners;
    checkoutScenario.requests = [
      {
        method: "POST",
        path: "/api/iu/checkout",
        body: JSON.stringify({
          items: [{ type: "exam_accesses", id: commerce.examId }],
          payment: { card_token: commerce.token },
        }),
        setupRequest: (request) => ({
          ...request,
          headers: {
            authorization: `Bearer ${buyers.learners[buyers.next++ % buyers.learners.length].token}`,
            "content-type": "application/json",
            "idempotency-key": crypto.randomUUID(),
          },
        }),
      },
    ];
    return {};
  },
};
scenarios.push(pricingScenario, checkoutScenario);

// The shop (issue 8): the learner shop's list (all and in stock) and a printed book's page. The seed
// makes product 1 "Programming in Python" with two bindings in stock.
scenarios.push(
  { name: "shop: GET /api/shop/products (all)", path: "/api/shop/products?per_page=12" },
  {
    name: "shop: GET /api/shop/products?view=available",
    path: "/api/shop/products?view=available&per_page=12",
  },
  { name: "shop: GET /api/shop/products/1 (product page)", path: "/api/shop/products/1" },
);

// A mixed workload: every connection plays learners' visits, each as the next of 500 learners
// enrolled in title 1 (POST /bench/learners): browse the catalogue, open the title and a
// lecture, save video progress, read notifications, look at the shop, price a cart. The figures are
// over all the requests of the mix.
const mixed = { learners: [], next: 0 };
const asVisitor = (context) => ({ authorization: `Bearer ${context.learner.token}` });
scenarios.push({
  name: "mixed: catalogue, title, lecture, progress, notifications, shop, cart (500 learners)",
  setup: async (base) => {
    if (!commerce.examId) await commerceSetup(base);
    const res = await fetch(`${base}/bench/learners`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ course_id: 1, count: 500 }),
    });
    if (!res.ok) throw new Error(`bench: POST /bench/learners answered ${res.status}`);
    mixed.learners = (await res.json()).learners;
    return {};
  },
  requests: [
    {
      method: "GET",
      path: "/api/courses?per_page=20",
      setupRequest: (req, context) => {
        context.learner = mixed.learners[mixed.next++ % mixed.learners.length];
        return req;
      },
    },
    ...["/api/iu/courses/1", "/api/iu/lectures/1"].map((path) => ({
      method: "GET",
      path,
      setupRequest: (req, context) => ({ ...req, headers: asVisitor(context) }),
    })),
    {
      method: "PUT",
      path: "/api/iu/lectures/1/progress",
      setupRequest: (req, context) => ({
        ...req,
        headers: { ...asVisitor(context), "content-type": "application/json" },
        body: JSON.stringify({ ranges: [[0, 5]], position: 5 }),
      }),
    },
    {
      method: "GET",
      path: "/api/iu/notifications/me",
      setupRequest: (req, context) => ({ ...req, headers: asVisitor(context) }),
    },
    { method: "GET", path: "/api/shop/products?per_page=12" },
    {
      method: "POST",
      path: "/api/iu/cart/price",
      setupRequest: (req, context) => ({
        ...req,
        headers: { ...asVisitor(context), "content-type": "application/json" },
        body: JSON.stringify({ items: [{ type: "exam_accesses", id: commerce.examId }] }),
      }),
    },
  ],
});

// The public catalogue (issue 25) over 2,000 titles with reviews (bench-scale.ts addCatalogue). Each
// request asks another search or filter combination, rotating over a few hundred, so the 30-second
// catalogue cache answers only repeats, as with real visitors typing different words.
const searchWords = [
  "programacion",
  "python",
  "fotografia",
  "espanol",
  "algebra",
  "guitarra",
  "cocina",
  "marketing",
  "hojas",
  "diseno",
  "public",
  "web",
];
const searches = searchWords.flatMap((q) =>
  [1, 2, 3].flatMap((page) =>
    ["", "&sort=rating", "&sort=newest"].map((sort) => `/api/courses?q=${q}&page=${page}&per_page=12${sort}`),
  ),
);
const filters = ["free", "paid"].flatMap((price) =>
  ["beginner", "intermediate", "advanced", "all"].flatMap((level) =>
    ["under_1h", "1_3h", "3_6h", "over_6h"].flatMap((length) =>
      ["rating", "popular", "price_low"].map(
        (sort) =>
          `/api/courses?price=${price}&level=${level}&length=${length}&min_rating=3.5&sort=${sort}&per_page=12`,
      ),
    ),
  ),
);
// What a visitor's typing asks the suggestions box: every prefix of two letters or more, in both
// languages' spellings (accented and not).
const suggestions = [...searchWords, "programación", "fotografía", "diseño"].flatMap((word) =>
  Array.from(
    { length: word.length - 1 },
    (_, i) => `/api/courses/suggest?q=${encodeURIComponent(word.slice(0, i + 2))}`,
  ),
);
const rotating = (paths) => {
  let next = 0;
  return [
    {
      method: "GET",
      path: paths[0],
      setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
    },
  ];
};
scenarios.push(
  {
    name: "catalogue search: GET /api/courses?q= (2,000 titles, accent-insensitive, ranked)",
    requests: rotating(searches),
  },
  {
    name: "catalogue filter: GET /api/courses?price&level&length&min_rating&sort (2,000 titles)",
    requests: rotating(filters),
  },
  {
    name: "catalogue suggestions: GET /api/courses/suggest?q= (as typed, 2,000 titles)",
    requests: rotating(suggestions),
  },
);
