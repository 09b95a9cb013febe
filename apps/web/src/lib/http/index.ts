// The one HTTP client of the web app (spec sections 7 and 8). Features import from here only.
export {
  apiBase,
  buildUrl,
  del,
  get,
  http,
  type ListQuery,
  languageHeaders,
  type Method,
  type Parser,
  patch,
  post,
  put,
  type RequestOptions,
  request,
} from "./client";
export {
  ApiError,
  errorFromResponse,
  type FieldErrors,
  isSilentError,
  OfflineError,
  SessionEndedError,
  somethingWentWrong,
} from "./errors";
