/**
 * The session: who is logged in, kept in the local storage keys of spec section 3 (token, role,
 * permissions, isChild, username, parentVerified). "Logged in" means a token is stored (spec section 4).
 * The accounts feature fills it (login, /auth/me on start) and clears it (logout, failed refresh).
 */
import type { PermissionName, RoleId } from "@aprendo/contract/domain";
import { isChild as isChildByBirth, Role } from "@aprendo/contract/domain";
import { create } from "zustand";

/** The User of spec section 3, as GET /auth/me returns it. */
export type SessionUser = {
  id: number;
  name: string;
  username: string;
  email: string | null;
  role_id: RoleId;
  language_id: number;
  permissions?: PermissionName[];
  first_name?: string;
  last_name?: string;
  user_profile?: { enable_salary_scale: boolean; date_of_birth: string | null } | null;
  salary_scale?: { discounted_country_range: { discount_percentage: number } | null } | null;
};

type SessionState = {
  token: string | null;
  role: RoleId | null;
  permissions: PermissionName[];
  isChild: boolean;
  username: string | null;
  user: SessionUser | null;
  /** Stores a new access token (login, phone-code login, refresh). */
  setToken: (token: string) => void;
  /** Stores the current user (after GET /auth/me or login). */
  setUser: (user: SessionUser) => void;
  /** Forgets everything about the session (logout, failed refresh, deleted account). */
  clear: () => void;
};

const KEYS = ["token", "role", "permissions", "isChild", "username", "parentVerified"] as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the session still works for this tab.
  }
}
function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = read(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export const useSession = create<SessionState>((set) => ({
  token: read("token"),
  role: (Number(read("role")) || null) as RoleId | null,
  permissions: readJson<PermissionName[]>("permissions", []),
  isChild: read("isChild") === "true",
  username: read("username"),
  user: null,
  setToken: (token) => {
    write("token", token);
    set({ token });
  },
  setUser: (user) => {
    const child = user.role_id === Role.learner && isChildByBirth(user.user_profile?.date_of_birth ?? null);
    write("role", String(user.role_id));
    write("permissions", JSON.stringify(user.permissions ?? []));
    write("isChild", String(child));
    write("username", user.username);
    set({
      user,
      role: user.role_id,
      permissions: user.permissions ?? [],
      isChild: child,
      username: user.username,
    });
  },
  clear: () => {
    for (const key of KEYS) write(key, null);
    set({ token: null, role: null, permissions: [], isChild: false, username: null, user: null });
  },
}));

export const isLoggedIn = () => useSession.getState().token !== null;
