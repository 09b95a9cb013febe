/**
 * One hook per auth call of spec section 7 (TanStack Query), typed with the contract's schemas.
 * Requests go through the one HTTP client; forms validate with the same schemas before sending.
 */
import type {
  AuthMessageResponse,
  ChangePasswordRequest,
  DeleteAccountRequest,
  LoginRequest,
  LoginResponse,
  PasswordResetEmailUpdateRequest,
  PasswordResetPhoneVerifyRequest,
  PasswordResetRequest,
  PasswordResetRequestRequest,
  PasswordResetRequestResponse,
  PhoneCodeSentResponse,
  PhoneResendRequest,
  PhoneUpdateRequest,
  PhoneVerifyRequest,
  PhoneVerifyResponse,
  passwordResetCheckResponse,
  passwordResetPhoneVerifyResponse,
  RegisterData,
  RegisterResponse,
  ResendRequest,
  TokenRequest,
  User,
} from "@aprendo/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { storeUser } from "../../app/bootstrap";
import { del, get, post, put } from "../../lib/http";
import { useSession } from "../../stores/session";

export const authKeys = {
  me: ["auth", "me"] as const,
  resetToken: (token: string) => ["auth", "password-reset", token] as const,
};

// --- login and the SMS code step --------------------------------------------------------------

export const useLogin = () =>
  useMutation({ mutationFn: (body: LoginRequest) => post<LoginResponse>("/auth/login", body) });

export const usePhoneVerify = () =>
  useMutation({
    mutationFn: (body: PhoneVerifyRequest) => post<PhoneVerifyResponse>("/auth/phone/verify", body),
  });

export const usePhoneResend = () =>
  useMutation({
    mutationFn: (body: PhoneResendRequest) => post<PhoneCodeSentResponse>("/auth/phone/verify/resend", body),
  });

export const usePhoneUpdate = () =>
  useMutation({
    mutationFn: (body: PhoneUpdateRequest) => post<PhoneCodeSentResponse>("/auth/phone/update", body),
  });

/**
 * Starts the session with a fresh access token: loads the user with it first, then stores token and
 * user together, so the guards see a complete session in one render (no flash of the wrong page).
 */
export async function startSession(accessToken: string): Promise<void> {
  const user = await get<User>("/auth/me", { headers: { Authorization: `Bearer ${accessToken}` } });
  useSession.getState().setToken(accessToken);
  storeUser(user);
}

// --- registration and verification links ---------------------------------------------------------

export const useRegister = () =>
  useMutation({ mutationFn: (body: RegisterData) => post<RegisterResponse>("/auth/register", body) });

export const useVerifyResend = () =>
  useMutation({
    mutationFn: (body: ResendRequest) => post<AuthMessageResponse>("/auth/verify/resend", body),
  });

export const useParentResend = () =>
  useMutation({
    mutationFn: (body: ResendRequest) => post<AuthMessageResponse>("/auth/verify/parent/resend", body),
  });

// --- password reset ------------------------------------------------------------------------------

export const usePasswordResetRequest = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequestRequest) =>
      post<PasswordResetRequestResponse>("/auth/password-reset/request", body),
  });

export const usePasswordResetPhoneVerify = () =>
  useMutation({
    mutationFn: (body: PasswordResetPhoneVerifyRequest) =>
      post<z.infer<typeof passwordResetPhoneVerifyResponse>>("/auth/password-reset/phone/verify", body),
  });

/** POST /auth/password-reset/check: whether a reset link is still usable (no retry: 400 means no). */
export const usePasswordResetCheck = (token: string) =>
  useQuery({
    queryKey: authKeys.resetToken(token),
    queryFn: ({ signal }) =>
      post<z.infer<typeof passwordResetCheckResponse>>(
        "/auth/password-reset/check",
        { token } satisfies TokenRequest,
        { signal },
      ),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const usePasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequest) => put<AuthMessageResponse>("/auth/password-reset", body),
  });

export const usePasswordResetEmailUpdate = () =>
  useMutation({
    mutationFn: (body: PasswordResetEmailUpdateRequest) =>
      post<AuthMessageResponse>("/auth/password-reset/email/update", body),
  });

// --- the account -----------------------------------------------------------------------------------

export const useRestoreAccount = () =>
  useMutation({ mutationFn: (body: TokenRequest) => post<AuthMessageResponse>("/auth/restore", body) });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) => put<AuthMessageResponse>("/iu/change-password", body),
  });

export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: DeleteAccountRequest) => del<AuthMessageResponse>("/iu/me", body) });
