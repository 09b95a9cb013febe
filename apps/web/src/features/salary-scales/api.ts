/** Salary scales back office (isSalaryScaleManager): scales, income categories, declarations and their review. */
import type {
  HouseholdIncomeCategory,
  HouseholdIncomeCategoryInput,
  householdIncomeCategoryList,
  MessageBody,
  SalaryScale,
  SalaryScaleInput,
  SalaryScaleReviewInput,
  SalaryScaleReviewStatus,
  salaryScaleDeclarationList,
  salaryScaleList,
  salaryScaleReviewResult,
  userSalaryScale,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, post, put } from "../../lib/http";

const key = ["salary-scales"] as const;
export const declarationsPerPage = 20;

export const useSalaryScales = () =>
  useQuery({
    queryKey: [...key, "scales"],
    queryFn: ({ signal }) => get<z.infer<typeof salaryScaleList>>("/af/salary-scales", { signal }),
    select: (body) => body.data,
  });

export function useSaveSalaryScale(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SalaryScaleInput) =>
      id === null
        ? post<SalaryScale>("/af/salary-scales", input)
        : put<SalaryScale>(`/af/salary-scales/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSalaryScale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/salary-scales/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useIncomeCategories = () =>
  useQuery({
    queryKey: [...key, "categories"],
    queryFn: ({ signal }) =>
      get<z.infer<typeof householdIncomeCategoryList>>("/af/household-income-categories", { signal }),
    select: (body) => body.data,
  });

export function useSaveIncomeCategory(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HouseholdIncomeCategoryInput) =>
      id === null
        ? post<HouseholdIncomeCategory>("/af/household-income-categories", input)
        : put<HouseholdIncomeCategory>(`/af/household-income-categories/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteIncomeCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/household-income-categories/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeclarations(query: {
  status: SalaryScaleReviewStatus | "";
  search: string;
  sort: string;
  page: number;
}) {
  return useQuery({
    queryKey: [...key, "declarations", query],
    queryFn: ({ signal }) =>
      get<z.infer<typeof salaryScaleDeclarationList>>("/af/salary-scale-declarations", {
        signal,
        query: {
          status: query.status || undefined,
          search: query.search || undefined,
          sort: query.sort || undefined,
          page: query.page,
          per_page: declarationsPerPage,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export const useUserDeclaration = (userId: number, enabled = true) =>
  useQuery({
    queryKey: [...key, "user", userId],
    queryFn: ({ signal }) =>
      get<z.infer<typeof userSalaryScale>>(`/af/users/${userId}/salary-scale`, { signal }),
    select: (body) => body.data,
    enabled,
  });

export function useReviewDeclaration(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SalaryScaleReviewInput) =>
      post<z.infer<typeof salaryScaleReviewResult>>(`/af/users/${userId}/salary-scale/review`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
