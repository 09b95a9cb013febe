/**
 * The route table. Every page is a lazy route module (`lazy: page(() => import(...))`), so each
 * page is its own chunk. Features own their pages; the application shell issue completes this
 * table with the guards and layouts of spec sections 2 and 6.
 */
import { Navigate, type RouteObject } from "react-router";

type PageModule = { default: React.ComponentType };
/** A lazy route whose module's default export is the page component. */
export const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: "/", lazy: page(() => import("../features/home/pages/HomePage")) },
  { path: "/404", lazy: page(() => import("../features/home/pages/NotFoundPage")) },
  { path: "*", element: <Navigate to="/404" replace /> },
];
