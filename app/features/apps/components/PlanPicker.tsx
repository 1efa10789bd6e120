import { Form, useNavigation } from "~/ui/router";
import { Button } from "~/ui/Button";
import { FieldMessage } from "~/ui/FieldMessage";
import { RadioGroup } from "~/ui/Radio";
import { durationLabel, formatDollars, NO_PLANS_TEXT, type PaymentOption } from "../payment-options";

export interface PlanPickerProps {
  storefrontSlug: string;
  appSlug: string;
  /** Normalised plans in plans-list order (loadAppPlans): the selected one is checked. */
  plans: PaymentOption[];
  /** The legend ('Choose your plan'). */
  legend?: string;
  idempotencyKey?: string;
  error?: string | null;
  /** Where the form posts; /apps/{sf}/{app}/buy by default. */
  action?: string;
}

/** "$99.00 for 1 year" and "$8.25 a month". */
export function planPriceText(plan: PaymentOption) {
  return `${formatDollars(plan.price, plan.currency)} for ${durationLabel(plan.duration, plan.durationUnit)}`;
}

/**
 * An app's plans as a radio group (the selected plan checked, so it works without JavaScript) with
 * each plan's monthly-equivalent price, and 'Continue', which posts to /apps/{sf}/{app}/buy.
 */
export function PlanPicker({
  storefrontSlug,
  appSlug,
  plans,
  legend = "Choose your plan",
  idempotencyKey,
  error,
  action,
}: PlanPickerProps) {
  const navigation = useNavigation();
  const target = action ?? `/apps/${storefrontSlug}/${appSlug}/buy`;
  const submitting = navigation.state !== "idle" && navigation.formAction === target;
  if (plans.length === 0) return <p className="plan-picker__none">{NO_PLANS_TEXT}</p>;
  const selected = plans.find((p) => p.selected) ?? plans[0]!;
  const errorId = `plan-picker-error-${appSlug}`;
  return (
    <Form method="post" action={target} className="plan-picker" aria-describedby={error ? errorId : undefined}>
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <RadioGroup
        legend={legend}
        name="priceOptionId"
        defaultValue={selected.id}
        className="plan-picker__options"
        options={plans.map((plan) => ({
          value: plan.id,
          label: (
            <span className="plan-option">
              <span className="plan-option__name">{plan.displayName || plan.description}</span>
              <span className="plan-option__monthly">
                {formatDollars(plan.monthlyPrice, plan.currency)}
                <span className="plan-option__per"> a month</span>
              </span>
            </span>
          ),
          description: (
            <>
              {planPriceText(plan)}
              {plan.features.length > 0 ? (
                <span className="plan-option__features">{plan.features.join(" · ")}</span>
              ) : null}
            </>
          ),
        }))}
      />
      <FieldMessage id={errorId} show={!!error} error={error ?? null} />
      <Button type="submit" variant="primary" size="large" loading={submitting} className="plan-picker__continue">
        Continue
      </Button>
    </Form>
  );
}
