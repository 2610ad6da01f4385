import type { MailDomain, MailState } from '@parley/shared';
import { mailApi } from '@parley/shared/api';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

export const mailOverviewQueryOptions = queryOptions({
  queryKey: queryKeys.mailOverview,
  queryFn: () => call(mailApi.overview),
});

/** Where to connect and the package's use this period; reloaded each minute while seen. */
export function useMailOverview() {
  return useQuery({ ...mailOverviewQueryOptions, ...pollWhileSeen(60_000) });
}

export const mailCredentialsQueryOptions = queryOptions({
  queryKey: queryKeys.mailCredentials,
  queryFn: () => call(mailApi.credentials),
});

export function useMailCredentials() {
  return useQuery(mailCredentialsQueryOptions);
}

/** Makes an SMTP user; its password is in the answer only, so the caller shows it at once. */
export function useCreateMailCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hourlyLimit: number) => call(mailApi.createCredential, { body: { hourlyLimit } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailCredentials }),
  });
}

/** Removes an SMTP user; the list reloads whatever the answer. */
export function useRemoveMailCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mailApi.removeCredential, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailCredentials }),
  });
}

export const mailDomainsQueryOptions = queryOptions({
  queryKey: queryKeys.mailDomains,
  queryFn: () => call(mailApi.domains),
});

export function useMailDomains() {
  return useQuery(mailDomainsQueryOptions);
}

/** Puts a domain as the server answered it into the list (added or checked). */
function useStoreDomain() {
  const queryClient = useQueryClient();
  return (domain: MailDomain) =>
    queryClient.setQueryData<MailDomain[]>(queryKeys.mailDomains, (list = []) =>
      list.some((d) => d.id === domain.id)
        ? list.map((d) => (d.id === domain.id ? domain : d))
        : [...list, domain],
    );
}

/** Adds a sending domain: the answer holds the three records to publish. */
export function useAddMailDomain() {
  const store = useStoreDomain();
  return useMutation({
    mutationFn: (domain: string) => call(mailApi.addDomain, { body: { domain } }),
    onSuccess: store,
  });
}

/** Reads a domain's records through DNS; the answer says what was found for each. */
export function useVerifyMailDomain() {
  const store = useStoreDomain();
  return useMutation({
    mutationFn: (id: string) => call(mailApi.verifyDomain, { params: { id } }),
    onSuccess: store,
  });
}

export function useRemoveMailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mailApi.removeDomain, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailDomains }),
  });
}

/** A page of suppressed addresses, searched by address. */
export function useSuppressions(q: string, page: number) {
  return useQuery({
    queryKey: queryKeys.mailSuppressionsPage(q, page),
    queryFn: () => call(mailApi.suppressions, { query: { q: q || undefined, page } }),
    placeholderData: keepPreviousData,
  });
}

/** Sends to an address again; every page of the list reloads. */
export function useRemoveSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mailApi.removeSuppression, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailSuppressions }),
  });
}

/** A page of the delivery log; recipients' states change, so reloaded every 15 s while seen. */
export function useMailMessages(q: string, state: MailState | '', page: number) {
  return useQuery({
    queryKey: queryKeys.mailMessages(q, state, page),
    queryFn: () =>
      call(mailApi.messages, { query: { q: q || undefined, state: state || undefined, page } }),
    placeholderData: keepPreviousData,
    ...pollWhileSeen(15_000),
  });
}
