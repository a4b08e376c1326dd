/** The message's waveform, drawn from `waveform_percentages` (strings of 0–100 from the service). */
export function Waveform({ percentages }: { percentages: readonly string[] }) {
  const values = percentages.map((value) => {
    const number = Number.parseFloat(value);
    return Number.isFinite(number) ? Math.min(100, Math.max(0, number)) : 0;
  });
  const width = Math.max(values.length * 3, 1);
  return (
    <svg
      role="img"
      aria-label={`Waveform, ${values.length} samples`}
      data-testid="waveform"
      data-samples={values.length}
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
      className="h-16 w-full text-primary"
    >
      {values.map((value, index) => (
        <rect
          key={index}
          x={index * 3}
          y={50 - value / 2}
          width={2}
          height={Math.max(value, 1)}
          className="fill-current"
        />
      ))}
    </svg>
  );
}
