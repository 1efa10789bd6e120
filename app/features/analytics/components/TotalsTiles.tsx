/** The range's totals as tiles (a description list, so each number is read with its name). Reusable. */
import { formatValue, type ValueFormat } from "./chart-format";

export type Tile = { label: string; value: number; format?: ValueFormat; note?: string };

export function TotalsTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <dl className="tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="tiles__tile">
          <dt className="tiles__label">{tile.label}</dt>
          <dd className="tiles__value">{formatValue(tile.value, tile.format ?? "count")}</dd>
          {tile.note ? <dd className="tiles__note">{tile.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
