import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ROLES, isAdminRole, type Role, type SessionUser } from "#common/auth/accounts.ts";
import type { LoginInput, SignupInput } from "#common/auth/input.ts";
import type { LoginSecondFactorInput } from "#common/second-factors/input.ts";
import type { TwoFactorRequired } from "#common/second-factors/second-factors.ts";
import { useTRPC } from "./trpc";

/** The storage key of the signed-in user ("{product} user"). Holds only the non-secret profile: id, name, email, role, emailVerified. */
export const USER_STORAGE_KEY = "hundred-dollar-lab user";

export type AuthStatus = "loading" | "authenticated" | "anonymous";

export type AuthContextValue = {
  /** The signed-in user. While the server has not answered yet this is the cached profile (may be stale). */
  user: SessionUser | null;
  status: AuthStatus;
  /** True until the server (auth.me) has answered once. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Role admin or owner (explicit allow-list from common/auth). */
  isAdmin: boolean;
  /**
   * Signs in; the server sets the session cookie. Resolves with the user, or with the challenge of the code step
   * when the account has two-factor codes (then `loginSecondFactor` finishes). Rejects with the tRPC error.
   */
  login: (input: LoginInput) => Promise<SessionUser | TwoFactorRequired>;
  /** The code step of a sign-in: resolves with the user once the server set the session cookie. */
  loginSecondFactor: (input: LoginSecondFactorInput) => Promise<SessionUser>;
  /** Takes on a user the server just signed in another way (a passkey). */
  adoptSignedIn: (user: SessionUser) => SessionUser;
  /** ADMIN_2FA=required and this admin has no second factor yet: the back office shows only the enrolment. */
  secondFactorSetupRequired: boolean;
  /** Creates the account; the server also signs the new user in by cookie. Does not update the auth state. */
  signup: (input: SignupInput) => Promise<SessionUser>;
  /** Ends the session on the server, then forgets the user locally. Rejects if the server could not be reached. */
  logout: () => Promise<void>;
  /** Asks the server who is signed in now and updates the state. */
  refresh: () => Promise<SessionUser | null>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Reads the cached profile; anything unparseable or of the wrong shape is discarded and removed. */
export function readStoredUser(): SessionUser | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === "object" && value !== null) {
      const { id, email, name, role, emailVerified } = value as Record<string, unknown>;
      if (typeof id === "string" && typeof email === "string" && typeof name === "string" && isRole(role)) {
        // A profile cached before the flag existed shows no "confirm your address" notice until the server answers.
        return { id, email, name, role, emailVerified: emailVerified !== false };
      }
    }
  } catch {
    // fall through: unparseable
  }
  writeStoredUser(null);
  return null;
}

function writeStoredUser(user: SessionUser | null) {
  try {
    if (user) {
      // Only the profile fields, whatever else the object carries (never a token).
      const { id, email, name, role, emailVerified } = user;
      window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id, email, name, role, emailVerified }));
    } else {
      window.localStorage.removeItem(USER_STORAGE_KEY);
    }
  } catch {
    // Storage can be unavailable (private mode, quota); the cache is only an optimisation.
  }
}

function isMeQueryKey(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && path[0] === "auth" && path[1] === "me";
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [cachedUser] = useState(readStoredUser);
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 60_000 }));
  const loginMutation = useMutation(trpc.auth.login.mutationOptions());
  const secondFactorMutation = useMutation(trpc.auth.loginSecondFactor.mutationOptions());
  const signupMutation = useMutation(trpc.auth.signup.mutationOptions());
  const logoutMutation = useMutation(trpc.auth.logout.mutationOptions());

  const isLoading = me.isPending;
  const serverUser = me.data?.user ?? null;
  const user = isLoading ? cachedUser : serverUser;

  // Keep the cached profile in step with the server's answer (the server is the source of truth).
  useEffect(() => {
    if (me.data) writeStoredUser(me.data.user);
  }, [me.data]);

  // Another tab signed in or out: ask the server again.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY || event.key === null) void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [queryClient, trpc]);

  const { mutateAsync: loginAsync } = loginMutation;
  const { mutateAsync: secondFactorAsync } = secondFactorMutation;
  const { mutateAsync: signupAsync } = signupMutation;
  const { mutateAsync: logoutAsync } = logoutMutation;

  const adoptSignedIn = useCallback(
    (signedIn: SessionUser) => {
      // The server set the httpOnly session cookie; the answer holds only the user.
      const profile: SessionUser = {
        id: signedIn.id,
        email: signedIn.email,
        name: signedIn.name,
        role: signedIn.role,
        emailVerified: signedIn.emailVerified,
      };
      // Data cached for a previous user must not leak into this session.
      queryClient.removeQueries({ predicate: (query) => !isMeQueryKey(query.queryKey) });
      queryClient.setQueryData(trpc.auth.me.queryKey(), { user: profile, secondFactorSetupRequired: false });
      // Whether this admin must first add a second factor is the server's to say.
      void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
      return profile;
    },
    [queryClient, trpc],
  );

  const login = useCallback(
    async (input: LoginInput) => {
      const outcome = await loginAsync(input);
      return "twoFactorRequired" in outcome ? outcome : adoptSignedIn(outcome.user);
    },
    [loginAsync, adoptSignedIn],
  );

  const loginSecondFactor = useCallback(
    async (input: LoginSecondFactorInput) => adoptSignedIn((await secondFactorAsync(input)).user),
    [secondFactorAsync, adoptSignedIn],
  );

  const signup = useCallback(
    async (input: SignupInput) => {
      const { user: created } = await signupAsync(input);
      return { id: created.id, email: created.email, name: created.name, role: created.role, emailVerified: created.emailVerified };
    },
    [signupAsync],
  );

  const logout = useCallback(async () => {
    try {
      // Answers ok even when the session had already ended (expired, or signed out elsewhere).
      await logoutAsync();
    } catch (error) {
      // The session may or may not still exist: let the server say, then report the failure.
      void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
      throw error;
    }
    queryClient.setQueryData(trpc.auth.me.queryKey(), { user: null, secondFactorSetupRequired: false });
    queryClient.removeQueries({ predicate: (query) => !isMeQueryKey(query.queryKey) });
  }, [logoutAsync, queryClient, trpc]);

  const { refetch: refetchMe } = me;
  const refresh = useCallback(async () => {
    const result = await refetchMe();
    return result.data?.user ?? null;
  }, [refetchMe]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      status: isLoading ? "loading" : serverUser ? "authenticated" : "anonymous",
      isLoading,
      isAuthenticated: !isLoading && serverUser !== null,
      isAdmin: !isLoading && serverUser !== null && isAdminRole(serverUser.role),
      login,
      loginSecondFactor,
      adoptSignedIn,
      secondFactorSetupRequired: me.data?.secondFactorSetupRequired ?? false,
      signup,
      logout,
      refresh,
    }),
    [user, isLoading, serverUser, login, loginSecondFactor, adoptSignedIn, me.data?.secondFactorSetupRequired, signup, logout, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
