import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { CheckoutLine } from "~/db/schema";
import { formatCents } from "~/platform/format";
import { PaymentLines } from "~/features/checkout/components/PaymentLines";
import { Button } from "~/ui/Button";
import { TextInput } from "~/ui/TextInput";
import { cardFormSchema } from "~/features/checkout/schema";

export interface PayPageData {
  session: {
    id: string;
    lines: CheckoutLine[];
    subtotalCents: number;
    discountCents: number;
    discountCode: string | null;
    creditCents: number;
    totalCents: number;
    lastError: string | null;
  };
  cancelHref: string;
  email: string;
}

/**
 * The embedded provider's payment page: a card form that takes the well-known test cards. Validated
 * in the browser and again on the server from one schema; the full number never leaves the request.
 */
export function PayPage({ data, lastResult }: { data: PayPageData; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cardFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { session } = data;
  const trial = session.lines.find((l) => l.plan && l.plan.trialDays > 0)?.plan;
  const payLabel = trial && session.totalCents === 0 ? "Start free trial" : `Pay ${formatCents(session.totalCents)}`;
  return (
    <div className="container pay-page">
      <div className="pay-card">
        <p className="eyebrow">Secure test checkout</p>
        <h1>{payLabel}</h1>
        {trial ? (
          <p>
            Your {trial.trialDays}-day trial starts today. Then {formatCents(trial.recurringCents)} a {trial.interval}{" "}
            is charged to this card unless you cancel before the trial ends.
          </p>
        ) : null}
        <PaymentLines session={session} />
        <div className="test-cards" role="note" aria-label="Test cards">
          <p>
            <strong>Test mode.</strong> Nothing real is charged. Use <code>4242 4242 4242 4242</code> to pay, or{" "}
            <code>4000 0000 0000 0002</code> to see a decline, with any future date and any 3 digits.
          </p>
        </div>
        <Form method="post" {...getFormProps(form)} className="pay-form">
          {form.errors?.length ? (
            <p className="auth-form__error" role="alert">
              {form.errors[0]}
            </p>
          ) : null}
          <TextInput
            key={fields.name.key}
            label="Name on card"
            name={fields.name.name}
            autoComplete="cc-name"
            defaultValue={fields.name.initialValue as string | undefined}
            error={fields.name.errors?.[0]}
            alwaysShowError
          />
          <TextInput
            key={fields.number.key}
            label="Card number"
            name={fields.number.name}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            error={fields.number.errors?.[0]}
            alwaysShowError
          />
          <div className="pay-form__row">
            <TextInput
              key={fields.expiry.key}
              label="Expiry (MM/YY)"
              name={fields.expiry.name}
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={7}
              defaultValue={fields.expiry.initialValue as string | undefined}
              error={fields.expiry.errors?.[0]}
              alwaysShowError
            />
            <TextInput
              key={fields.cvc.key}
              label="Security code"
              name={fields.cvc.name}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              error={fields.cvc.errors?.[0]}
              alwaysShowError
            />
          </div>
          <Button
            type="submit"
            size="large"
            className="cart-summary__checkout"
            loading={navigation.state === "submitting"}
          >
            {payLabel}
          </Button>
        </Form>
        <p className="pay-page__cancel">
          <Link to={data.cancelHref}>Cancel and go back to checkout</Link>
        </p>
        <p className="muted cart-summary__note">Your receipt will be sent to {data.email}.</p>
      </div>
    </div>
  );
}
