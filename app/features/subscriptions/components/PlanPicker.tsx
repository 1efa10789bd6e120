import { Form, useSubmit } from "~/ui/router";
import { formatCents } from "~/platform/format";
import { Button } from "~/ui/Button";
import { RadioGroup } from "~/ui/Radio";
import type { PlanChoice } from "../plans.server";
import { intervalWord } from "../rules";

/**
 * The membership's plans at checkout: yearly first and chosen by default. A GET form keeps the page's
 * query and sets ?plan=, so it works without JavaScript (the Update button); with it, picking submits.
 */
export function PlanPicker({ choice, query }: { choice: PlanChoice; query: string }) {
  const submit = useSubmit();
  const params = new URLSearchParams(query);
  params.delete("plan");
  const yearly = choice.options.find((o) => o.interval === "year");
  const monthly = choice.options.find((o) => o.interval === "month");
  const saving = yearly && monthly ? monthly.priceCents * 12 - yearly.priceCents : 0;
  return (
    <Form
      method="get"
      action="/checkout"
      className="plan-picker"
      preventScrollReset
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
    >
      {[...params].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <RadioGroup
        legend="Choose your plan"
        name="plan"
        defaultValue={choice.chosen.interval}
        options={choice.options.map((o) => ({
          value: o.interval,
          label: `${formatCents(o.priceCents)} a ${intervalWord(o.interval)}`,
          description:
            o.interval === "year" && saving > 0
              ? `Best value: save ${formatCents(saving)} a year`
              : o.interval === "month"
                ? "Cancel any time"
                : undefined,
        }))}
      />
      <noscript>
        <Button type="submit" variant="secondary" size="small">
          Update plan
        </Button>
      </noscript>
      <p className="plan-picker__terms">
        {choice.trialDays > 0
          ? `${choice.trialDays}-day free trial: nothing to pay today, then ${formatCents(choice.chosen.priceCents)} a ${intervalWord(choice.chosen.interval)} unless you cancel.`
          : `${formatCents(choice.chosen.priceCents)} today, then every ${intervalWord(choice.chosen.interval)} until you cancel.`}
      </p>
    </Form>
  );
}
