import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { UnitSystem } from '../../../../../shared/account';
import type { NoticeTime } from '../../../../../shared/notice-slots';
import { jobsiteInputSchema, type Jobsite, type JobsiteInput } from '../../../../../shared/records/jobsite';
import { RecordForm } from '../../../components/records/record-form';
import { useRecordForm, type RecordFormProps } from '../../../components/records/use-record-form';
import { JobsiteAllowanceSection } from './jobsite-allowance-section';
import { JobsiteForemanSection } from './jobsite-foreman-section';
import { derivedTimezone, initialValues, shows, toInput, type Option } from './jobsite-form-values';
import { JobsiteNoticesSection } from './jobsite-notices-section';
import { JobsitePlaceSection } from './jobsite-place-section';
import { JobsiteRecipientsSection } from './jobsite-recipients-section';
import { JobsiteRulesSection } from './jobsite-rules-section';
import { JobsiteWorkingDaysSection } from './jobsite-working-days-section';
import { JobsiteContactSection } from './jobsite-contact-section';
import type { QuietHours } from '../../../../../shared/quiet-hours';

/**
 * A jobsite: where it is (coordinates, with the IANA timezone derived live and editable), when work
 * happens, the weather-day allowance, when notices go out, the weather rules that stop work, and who is
 * told. Validated on submit with jobsiteInputSchema, the API's own; the server's field errors land under
 * the same inputs. Each section is its own component; this file only composes them.
 */
export function JobsiteForm({
  jobsite,
  units,
  clientOptions,
  workerOptions,
  crewOptions,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
  defaultNoticeTimes,
  quietHours,
}: {
  /** The account's quiet hours: the notices section warns which notice times would wait. */
  quietHours?: QuietHours | null;
  jobsite?: Jobsite;
  /** A new jobsite's notice times: the admins' defaults (/admin/settings); DESIGN §7's without them. */
  defaultNoticeTimes?: readonly NoticeTime[];
  units: UnitSystem;
  clientOptions: Option[];
  workerOptions: Option[];
  crewOptions: Option[];
} & RecordFormProps<Jobsite, JobsiteInput>) {
  const form = useRecordForm({
    initial: () => initialValues(jobsite, units, defaultNoticeTimes),
    schema: jobsiteInputSchema,
    toInput: (values) => toInput(values, derivedTimezone(values.latitude, values.longitude), units, jobsite),
    shows,
    onSubmit,
    onSaved,
    savedMessage: (saved) => `${saved.name} has been saved.`,
  });
  const { latitude, longitude, timezoneOverride } = form.values;
  const derived = useMemo(() => derivedTimezone(latitude, longitude), [latitude, longitude]);

  return (
    <RecordForm
      form={form}
      noun="jobsite"
      editing={!!jobsite}
      errorAction={(error) =>
        error.status === 403 ? (
          <Anchor component={Link} to="/subscription" size="sm" fw={600}>
            See plans and upgrade
          </Anchor>
        ) : null
      }
      submitLabel={submitLabel}
      onCancel={onCancel}
      maw={860}
      gap="lg"
    >
      <JobsitePlaceSection form={form} clientOptions={clientOptions} derived={derived} />
      <JobsiteWorkingDaysSection form={form} />
      <JobsiteAllowanceSection form={form} />
      <JobsiteNoticesSection form={form} timezone={timezoneOverride ?? derived} quietHours={quietHours} />
      <JobsiteContactSection form={form} />
      <JobsiteRulesSection form={form} units={units} />
      <JobsiteRecipientsSection form={form} workerOptions={workerOptions} crewOptions={crewOptions} />
      <JobsiteForemanSection form={form} workerOptions={workerOptions} />
    </RecordForm>
  );
}
