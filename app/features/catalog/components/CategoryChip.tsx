import { Link } from "~/ui/router";

/** A home category chip: /classes with that category and an empty view. */
export function CategoryChip({ name }: { name: string }) {
  return (
    <Link className="chip" to={`/classes?category=${encodeURIComponent(name)}&view=`}>
      {name}
    </Link>
  );
}
