/**
 * Authoring calls under /af (see the header of packages/contract/src/schemas/catalog.ts): titles and
 * their outline, lectures with their files and FAQs, categories, and the lesson Q&A desk. One hook per
 * call; everything is cached under ["authoring"] so a change refreshes the pages that show it.
 */
import type {
  AdminCourse,
  AdminLecture,
  adminCourseCategoryList,
  adminCourseList,
  adminCourseListQuery,
  catalogCreated,
  courseCategoryInput,
  courseList,
  lectureFaqInput,
  lecturePatch,
  levelInput,
  MessageBody,
  PublicationStatus,
  QaItem,
  qaAnswerResult,
  qaList,
  qaListQuery,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, type ListQuery, patch, post, put } from "../../lib/http";
import { applyOrder, type OutlineKind } from "./logic";
import { upload } from "./upload";

export type AdminCourseList = z.infer<typeof adminCourseList>;
export type AdminCourseSummary = AdminCourseList["data"][number];
export type AdminCategory = z.infer<typeof adminCourseCategoryList>["data"][number];
export type CategoryInput = z.input<typeof courseCategoryInput>;
export type FaqInput = z.input<typeof lectureFaqInput>;
export type QaList = z.infer<typeof qaList>;
type Created = z.infer<typeof catalogCreated>;
/** A new level, module or lecture starts from its two titles; a rename sends them again. */
type OutlineTitles = z.input<typeof levelInput>;

export const authoringKeys = {
  all: ["authoring"] as const,
  courses: (query: CourseQuery) => ["authoring", "courses", "list", query] as const,
  course: (id: number) => ["authoring", "courses", id] as const,
  lecture: (id: number) => ["authoring", "lectures", id] as const,
  categories: ["authoring", "categories"] as const,
  category: (id: number) => ["authoring", "categories", id] as const,
  qas: (query: QaQuery) => ["authoring", "qas", "list", query] as const,
  qa: (id: number) => ["authoring", "qas", id] as const,
  publicCourses: ["authoring", "public-courses"] as const,
};

// ---------- titles ----------

export type CourseQuery = ListQuery<typeof adminCourseListQuery>;

export const perPage = 20;

export function useAdminCourses(query: CourseQuery) {
  return useQuery({
    queryKey: authoringKeys.courses(query),
    queryFn: ({ signal }) =>
      get<AdminCourseList>("/af/courses", { query: { ...query, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCourse(id: number) {
  return useQuery({
    queryKey: authoringKeys.course(id),
    queryFn: ({ signal }) => get<AdminCourse>(`/af/courses/${id}`, { signal }),
  });
}

/** Refreshes a title and the list (after any change to its outline). */
export function useRefreshCourse(courseId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: authoringKeys.course(courseId) }),
      client.invalidateQueries({ queryKey: ["authoring", "courses", "list"] }),
    ]);
}

export function useCreateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => post<Created>("/af/courses", body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["authoring", "courses", "list"] }),
  });
}

export function useUpdateCourse(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => patch<AdminCourse>(`/af/courses/${id}`, body),
    onSuccess: (course) => {
      client.setQueryData(authoringKeys.course(id), course);
      void client.invalidateQueries({ queryKey: ["authoring", "courses", "list"] });
    },
  });
}

export function useCourseStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: PublicationStatus) => put<AdminCourse>(`/af/courses/${id}/status`, { status }),
    onSuccess: (course) => {
      client.setQueryData(authoringKeys.course(id), course);
      void client.invalidateQueries({ queryKey: ["authoring", "courses", "list"] });
    },
  });
}

export function useDeleteCourse(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del<MessageBody>(`/af/courses/${id}`),
    onSuccess: () => {
      client.removeQueries({ queryKey: authoringKeys.course(id) });
      void client.invalidateQueries({ queryKey: ["authoring", "courses", "list"] });
    },
  });
}

export function useUploadCover(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: number) => void }) => {
      const form = new FormData();
      form.append("file", file);
      return upload<AdminCourse>(`/af/courses/${id}/cover`, form, { onProgress });
    },
    onSuccess: (course) => {
      client.setQueryData(authoringKeys.course(id), course);
      void client.invalidateQueries({ queryKey: ["authoring", "courses", "list"] });
    },
  });
}

// ---------- the outline: levels, modules, lectures ----------

const outlinePaths = {
  create: {
    levels: "/af/courses/:id/levels",
    modules: "/af/levels/:id/modules",
    lectures: "/af/modules/:id/lectures",
  },
  item: { levels: "/af/levels/:id", modules: "/af/modules/:id", lectures: "/af/lectures/:id" },
  order: {
    levels: "/af/courses/:id/levels/order",
    modules: "/af/levels/:id/modules/order",
    lectures: "/af/modules/:id/lectures/order",
  },
} as const;
const withId = (path: string, id: number) => path.replace(":id", String(id));

/** Add, rename and delete a level, module or lecture; the title's outline is refreshed after each. */
export function useOutlineItem(courseId: number, kind: OutlineKind) {
  const refresh = useRefreshCourse(courseId);
  const create = useMutation({
    mutationFn: ({ parentId, body }: { parentId: number; body: OutlineTitles }) =>
      post<Created>(withId(outlinePaths.create[kind], parentId), body),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ id, body }: { id: number; body: OutlineTitles }) =>
      patch<MessageBody>(withId(outlinePaths.item[kind], id), body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => del<MessageBody>(withId(outlinePaths.item[kind], id)),
    onSuccess: refresh,
  });
  return { create, rename, remove };
}

/** Stores a new order; the outline moves at once and comes back if the server refuses. */
export function useReorder(courseId: number) {
  const client = useQueryClient();
  const key = authoringKeys.course(courseId);
  return useMutation({
    mutationFn: ({ kind, parentId, ids }: { kind: OutlineKind; parentId: number; ids: number[] }) =>
      put<MessageBody>(withId(outlinePaths.order[kind], parentId), { ids }),
    onMutate: async ({ kind, parentId, ids }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<AdminCourse>(key);
      if (before) client.setQueryData(key, applyOrder(before, kind, parentId, ids));
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

// ---------- a lecture ----------

export function useAdminLecture(id: number | null) {
  return useQuery({
    queryKey: authoringKeys.lecture(id ?? 0),
    queryFn: ({ signal }) => get<AdminLecture>(`/af/lectures/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Lecture changes: the lecture is re-read and the outline refreshed (its badges show counts). */
function useLectureChange<V, R>(courseId: number, lectureId: number, call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  const refreshCourse = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      if (result && typeof result === "object" && "faqs" in result)
        client.setQueryData(authoringKeys.lecture(lectureId), result);
      else await client.invalidateQueries({ queryKey: authoringKeys.lecture(lectureId) });
      await refreshCourse();
    },
  });
}

export type LecturePatch = z.input<typeof lecturePatch>;

export function useLectureMutations(courseId: number, lectureId: number) {
  return {
    update: useLectureChange(courseId, lectureId, (body: LecturePatch) =>
      patch<AdminLecture>(`/af/lectures/${lectureId}`, body),
    ),
    status: useLectureChange(courseId, lectureId, (status: PublicationStatus) =>
      put<MessageBody>(`/af/lectures/${lectureId}/status`, { status }),
    ),
    video: useLectureChange(
      courseId,
      lectureId,
      ({
        file,
        duration,
        onProgress,
      }: {
        file: File;
        duration?: number;
        onProgress: (p: number) => void;
      }) => {
        const form = new FormData();
        if (duration) form.append("duration_seconds", String(duration));
        form.append("file", file);
        return upload<AdminLecture>(`/af/lectures/${lectureId}/video`, form, { onProgress });
      },
    ),
    addEbook: useLectureChange(
      courseId,
      lectureId,
      ({
        file,
        titleEn,
        titleEs,
        onProgress,
      }: {
        file: File;
        titleEn: string;
        titleEs: string;
        onProgress: (p: number) => void;
      }) => {
        const form = new FormData();
        form.append("title_en", titleEn);
        form.append("title_es", titleEs);
        form.append("file", file);
        return upload<Created>(`/af/lectures/${lectureId}/ebooks`, form, { onProgress });
      },
    ),
    removeEbook: useLectureChange(courseId, lectureId, (ebookId: number) =>
      del<MessageBody>(`/af/ebooks/${ebookId}`),
    ),
    addFaq: useLectureChange(courseId, lectureId, (body: FaqInput) =>
      post<Created>(`/af/lectures/${lectureId}/faqs`, body),
    ),
    updateFaq: useLectureChange(courseId, lectureId, ({ id, body }: { id: number; body: FaqInput }) =>
      patch<MessageBody>(`/af/lecture-faqs/${id}`, body),
    ),
    removeFaq: useLectureChange(courseId, lectureId, (faqId: number) =>
      del<MessageBody>(`/af/lecture-faqs/${faqId}`),
    ),
  };
}

// ---------- categories ----------

export function useAdminCategories(enabled = true) {
  return useQuery({
    queryKey: authoringKeys.categories,
    queryFn: ({ signal }) => get<z.infer<typeof adminCourseCategoryList>>("/af/categories", { signal }),
    select: (body) => body.data,
    enabled,
  });
}

/** An uploaded e-book's PDF, fetched with the session (GET /af/ebooks/:id/file). */
export const fetchEbookFile = (id: number) => get<Blob>(`/af/ebooks/${id}/file`, { responseType: "blob" });

/** One category for its edit page (GET /af/categories/:id). */
export function useAdminCategory(id: number | null) {
  return useQuery({
    queryKey: authoringKeys.category(id ?? 0),
    queryFn: ({ signal }) => get<AdminCategory>(`/af/categories/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useCategoryMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: authoringKeys.categories });
  return {
    create: useMutation({
      mutationFn: (body: CategoryInput) => post<Created>("/af/categories", body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Partial<CategoryInput> }) =>
        patch<MessageBody>(`/af/categories/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => del<MessageBody>(`/af/categories/${id}`),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => put<MessageBody>("/af/categories/order", { ids }),
      onMutate: async (ids) => {
        await client.cancelQueries({ queryKey: authoringKeys.categories });
        const before = client.getQueryData<z.infer<typeof adminCourseCategoryList>>(authoringKeys.categories);
        if (before)
          client.setQueryData(authoringKeys.categories, {
            data: [...before.data].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
          });
        return { before };
      },
      onError: (_e, _ids, context) => {
        if (context?.before) client.setQueryData(authoringKeys.categories, context.before);
      },
      onSettled: refresh,
    }),
  };
}

// ---------- the lesson Q&A desk ----------

export type QaStatusFilter = "unanswered" | "answered" | "all";
export type QaQuery = ListQuery<typeof qaListQuery>;

export function useQas(query: QaQuery) {
  return useQuery({
    queryKey: authoringKeys.qas(query),
    queryFn: ({ signal }) =>
      get<QaList>("/af/lesson/qas", { query: { ...query, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useQa(id: number) {
  return useQuery({
    queryKey: authoringKeys.qa(id),
    queryFn: ({ signal }) => get<QaItem>(`/af/lesson/qas/${id}`, { signal }),
  });
}

export function useAnswerQa(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: string) => post<z.infer<typeof qaAnswerResult>>(`/af/lesson/qas/${id}`, { answer }),
    onSuccess: (result) => {
      client.setQueryData(authoringKeys.qa(id), result.data);
      void client.invalidateQueries({ queryKey: ["authoring", "qas", "list"] });
    },
  });
}

/** Titles for the Q&A filter: the public list (Q&A managers may hold no authoring permission). */
export function usePublicCourseOptions() {
  return useQuery({
    queryKey: authoringKeys.publicCourses,
    queryFn: ({ signal }) =>
      get<z.infer<typeof courseList>>("/courses", { query: { per_page: 100 }, signal }),
    select: (body) => body.data.map((course) => ({ value: String(course.id), label: course.title })),
    staleTime: 5 * 60_000,
  });
}
