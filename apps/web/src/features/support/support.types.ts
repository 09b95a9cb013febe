/**
 * Who is looking at a ticket: a guest through the link of their e-mail (its token goes along on every
 * call), the learner who opened it, or the desk. The three share the thread's calls under their own paths.
 */
export type TicketViewer = { kind: "guest"; token: string } | { kind: "learner" } | { kind: "staff" };
