/**
 * The current-user context screens use (spec 3): the user and their subscription flags from the root
 * loader, the full subscription list fetched on demand, with loading and error states, refetch,
 * refresh and sign-out. Server-rendered pages already have the flags; the list needs JavaScript.
 */
import { useFetcher, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { useCallback } from "react";
import { useRootData } from "~/root";
import type { SubscriptionView } from "../subscriptions.server";

type SubscriptionsAnswer = { subscriptions: SubscriptionView[]; hasActiveSubscription: boolean; message?: string };

export function useCurrentUser() {
  const root = useRootData();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<SubscriptionsAnswer>({ key: "current-user-subscriptions" });
  const submit = useSubmit();
  const refetchSubscriptions = useCallback(() => fetcher.load("/api/payments/user-studio-subscriptions"), [fetcher]);
  const refreshUser = useCallback(() => revalidator.revalidate(), [revalidator]);
  const signOut = useCallback(() => submit(null, { method: "post", action: "/auth/logout" }), [submit]);
  return {
    user: root?.user ?? null,
    loadingCurrentUser: navigation.state === "loading" || revalidator.state === "loading",
    hasActiveSubscription: root?.membership.hasActiveSubscription ?? false,
    hasActiveOrTrialSubscription: root?.membership.hasActiveOrTrialSubscription ?? false,
    subscriptions: fetcher.data?.subscriptions ?? [],
    loadingSubscriptions: fetcher.state === "loading",
    // A failed fetch is an empty list and no active subscription, with the spec's message.
    subscriptionError: fetcher.data?.message ?? null,
    refetchSubscriptions,
    refreshUser,
    signOut,
  };
}
