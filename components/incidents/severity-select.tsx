import { NativeSelect } from '@/components/ui/select-native';
import { INCIDENT_SEVERITIES, SEVERITY_LABELS, type IncidentSeverity } from '@/lib/incidents/values';

/** An incident's severity as a form field (`severity`), its labels as the incident pages show them. */
export function SeveritySelect({ id, defaultValue }: { id: string; defaultValue: IncidentSeverity }) {
  return (
    <NativeSelect id={id} name="severity" defaultValue={defaultValue} className="w-full">
      {INCIDENT_SEVERITIES.map((severity) => (
        <option key={severity} value={severity}>
          {SEVERITY_LABELS[severity]}
        </option>
      ))}
    </NativeSelect>
  );
}
