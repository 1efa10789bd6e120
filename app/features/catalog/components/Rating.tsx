const count = new Intl.NumberFormat("en-US");

/** Average rating as a star and a number, with how many ratings it rests on. */
export function Rating({ average, ratings }: { average: number; ratings: number }) {
  if (ratings === 0) return <span className="rating rating--none">New</span>;
  return (
    <span className="rating">
      <svg className="rating__star" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" fill="currentColor" />
      </svg>
      <span>
        {average.toFixed(1)}
        <span className="visually-hidden"> out of 5 stars,</span>{" "}
        <span className="rating__count">
          ({count.format(ratings)}
          <span className="visually-hidden"> ratings</span>)
        </span>
      </span>
    </span>
  );
}
