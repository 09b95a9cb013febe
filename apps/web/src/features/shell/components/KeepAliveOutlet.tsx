/**
 * Keep-alive of at most 5 pages (spec sections 2 and 9): the last five pages visited stay mounted
 * but hidden with React's <Activity>, so going back shows them as they were (form input, loaded
 * lists) and at the scroll position they were left at. A page not kept opens at the top, or at its
 * #hash when it has one.
 */
import { limits } from "@aprendo/contract/domain";
import { Activity, type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType, useOutlet } from "react-router";

type Kept = { key: string; element: ReactNode; scrollY: number };

export function KeepAliveOutlet({ max = limits.keepAlivePages }: { max?: number }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const key = location.pathname + location.search;
  const kept = useRef<Kept[]>([]);
  const shownKey = useRef<string | null>(null);
  /** Whether the page being shown was kept (decided once, when the address changes). */
  const revisit = useRef(false);

  // The page shown before was replaced in the history (a redirect such as /iu/profile to its first
  // section, a filter written into the address): Back can never return to it, so it is not kept. A
  // hidden copy of it only held one of the five places, and its links, found before it was hidden.
  if (shownKey.current !== null && shownKey.current !== key && navigationType === "REPLACE")
    kept.current = kept.current.filter((k) => k.key !== shownKey.current);
  const existing = kept.current.find((k) => k.key === key);
  if (shownKey.current !== key) revisit.current = existing !== undefined;
  if (existing) {
    kept.current = [...kept.current.filter((k) => k !== existing), existing];
  } else {
    kept.current = [...kept.current, { key, element: outlet, scrollY: 0 }].slice(-max);
  }

  // Each kept page remembers where it was scrolled to.
  useEffect(() => {
    const onScroll = () => {
      const entry = kept.current.find((k) => k.key === shownKey.current);
      if (entry) entry.scrollY = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useLayoutEffect(() => {
    shownKey.current = key;
    const entry = kept.current.find((k) => k.key === key);
    const top = revisit.current ? (entry?.scrollY ?? 0) : 0;
    const restore = () => {
      if (location.hash)
        document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      else window.scrollTo({ top, left: 0, behavior: "instant" });
    };
    restore();
    // A page coming back from hidden may be laid out a frame later: try again until it reaches its place.
    let frames = 0;
    let handle = 0;
    const retry = () => {
      frames += 1;
      if (location.hash || Math.abs(window.scrollY - top) < 1 || frames > 10) return;
      restore();
      handle = requestAnimationFrame(retry);
    };
    handle = requestAnimationFrame(retry);
    return () => cancelAnimationFrame(handle);
  }, [key, location.hash]);

  return (
    <>
      {kept.current.map((entry) => (
        <Activity key={entry.key} mode={entry.key === key ? "visible" : "hidden"}>
          {entry.element}
        </Activity>
      ))}
    </>
  );
}
