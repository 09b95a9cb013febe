/** Salary scales back office (isSalaryScaleManager): scales, income categories, declarations and their review. */
import type {
  HouseholdIncomeCategory,
  HouseholdIncomeCategoryInput,
  SalaryScale,
  SalaryScaleDeclaration,
  SalaryScaleInput,
  SalaryScaleReviewInput,
  SalaryScaleReviewStatus,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { del, get, post, put } from "../../lib/http";

const key = ["salary-scales"] as const;
export const declarationsPerPage = 20;

export const useSalaryScales = () =>
  useQuery({
    queryKey: [...key, "scales"],
    queryFn: ({ signal }) => get<{ data: SalaryScale[] }>("/af/salary-scales", { signal }),
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
    mutationFn: (id: number) => del<{ message: string }>(`/af/salary-scales/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useIncomeCategories = () =>
  useQuery({
    queryKey: [...key, "categories"],
    queryFn: ({ signal }) =>
      get<{ data: HouseholdIncomeCategory[] }>("/af/household-income-categories", { signal }),
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
    mutationFn: (id: number) => del<{ message: string }>(`/af/household-income-categories/${id}`),
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
      get<{ data: SalaryScaleDeclaration[]; next_page_url: string | null; total: number }>(
        "/af/salary-scale-declarations",
        {
          signal,
          query: {
            status: query.status || undefined,
            search: query.search || undefined,
            sort: query.sort || undefined,
            page: query.page,
            per_page: declarationsPerPage,
          },
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export const useUserDeclaration = (userId: number, enabled = true) =>
  useQuery({
    queryKey: [...key, "user", userId],
    queryFn: ({ signal }) =>
      get<{ data: SalaryScaleDeclaration | null }>(`/af/users/${userId}/salary-scale`, { signal }),
    select: (body) => body.data,
    enabled,
  });

export function useReviewDeclaration(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SalaryScaleReviewInput) =>
      post<{ message: string; data: SalaryScaleDeclaration }>(
        `/af/users/${userId}/salary-scale/review`,
        input,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
