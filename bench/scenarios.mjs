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
