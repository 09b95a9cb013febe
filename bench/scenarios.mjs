// Benchmark scenarios. Each: a name, the request(s) to send and, optionally, a setup that logs in
// or creates data and returns headers. The first scenario is the baseline the others are compared to.
// Features add their scenarios here (catalogue, lecture, quiz, cart, checkout...).
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

// Catalogue and lecture reads (issue 5). The seed makes title 1 the free "Everyday Spanish", in which
// ana is enrolled with lecture 1 completed and lecture 2 in progress.
scenarios.push(
  { name: "catalogue: GET /api/courses (public list)", path: "/api/courses?per_page=20" },
  { name: "catalogue: GET /api/courses/1 (public title page)", path: "/api/courses/1" },
  { name: "catalogue: GET /api/iu/courses/1 (learner title page)", path: "/api/iu/courses/1", setup: asAna },
  {
    name: "lecture: GET /api/iu/lectures/2 (learner lecture page)",
    path: "/api/iu/lectures/2",
    setup: asAna,
  },
);
