import { useQuery } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useEffect, useRef } from 'react';
import {
  defaultTimeZone,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionFrequency,
} from '@vitrina/contracts';
import { accountsQuery } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { PageChoice, type PageScope } from './PageChoice.tsx';
import { RecipientFields } from './RecipientFields.tsx';
import { afterRefreshLabel, weekdays } from './subscription-texts.ts';

interface FormValues {
  reportUid: string;
  recipients: number[];
  recipientGroups: string[];
  format: 'PDF' | 'PNG';
  pageScope: PageScope;
  pages: string[];
  frequency: SubscriptionFrequency;
  weekdays: number[];
  monthDay: number;
  time: string;
  timeZone: string;
  subject: string;
  message: string;
}

/** A new subscription started from the viewer: its report and the view on screen. */
export type SubscriptionDraft = Pick<SubscriptionBody, 'reportUid' | 'bookmarkState'>;

function valuesOf(
  subscription: Subscription | undefined,
  draft: SubscriptionDraft | undefined,
  user: CurrentUser,
): FormValues {
  const days = subscription?.schedule.days ?? [];
  const frequency = subscription?.schedule.frequency ?? 'weekly';
  return {
    reportUid: subscription?.reportUid ?? draft?.reportUid ?? '',
    recipients: subscription?.recipients ?? [user.id],
    recipientGroups: subscription?.recipientGroups ?? [],
    format: subscription?.format ?? 'PDF',
    pageScope: subscription?.pages.length ? 'chosen' : 'all',
    pages: subscription?.pages ?? [],
    frequency,
    weekdays: frequency === 'weekly' && days.length > 0 ? days : [1],
    monthDay: frequency === 'monthly' ? (days[0] ?? 1) : 1,
    time: subscription?.schedule.time ?? '08:00',
    timeZone: subscription?.schedule.timeZone ?? defaultTimeZone,
    subject: subscription?.subject ?? '',
    message: subscription?.message ?? '',
  };
}

/** Create or edit a subscription; a viewer's recipients are always themselves. */
export function SubscriptionFormModal(props: {
  user: CurrentUser;
  isAdministrator: boolean;
  subscription: Subscription | undefined;
  /** For a new one: the report and view it starts from (the viewer's "Suscribirse"). */
  draft?: SubscriptionDraft;
  open: boolean;
  onClose: () => void;
  onSave: (body: SubscriptionBody) => Promise<unknown>;
}) {
  const { user, isAdministrator, subscription, draft } = props;
  const bookmarkState = subscription ? subscription.bookmarkState : draft?.bookmarkState;
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const frequency = Form.useWatch('frequency', form);
  const reportUid = Form.useWatch('reportUid', form);
  // The form instance outlives the modal, so each opening fills it with this subscription's
  // values at once: filling it when the opening animation ended overwrote what was typed by then.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (props.open && !wasOpen.current) form.setFieldsValue(valuesOf(subscription, draft, user));
    wasOpen.current = props.open;
  }, [props.open, form, subscription, draft, user]);
  const accounts = useQuery(accountsQuery(user.id));
  const reports = (accounts.data ?? []).flatMap((a) =>
    a.workspaces.flatMap((w) =>
      w.reports
        .filter((r) => r.kind === 'report')
        .map((r) => ({ value: r.uId, label: `${w.name} / ${r.name}` })),
    ),
  );

  async function save() {
    const v = await form.validateFields();
    const days =
      v.frequency === 'weekly' ? v.weekdays : v.frequency === 'monthly' ? [v.monthDay] : undefined;
    const body: SubscriptionBody = {
      reportUid: v.reportUid,
      recipients: isAdministrator ? (v.recipients ?? []) : [user.id],
      ...(isAdministrator ? { recipientGroups: v.recipientGroups ?? [] } : {}),
      format: v.format,
      pages: v.pageScope === 'chosen' ? v.pages : [],
      schedule: {
        frequency: v.frequency,
        ...(v.frequency === 'afterRefresh' ? {} : { time: v.time }),
        timeZone: v.timeZone,
        ...(days ? { days } : {}),
      },
      subject: v.subject,
      message: v.message,
      paused: subscription?.paused ?? false,
      ...(bookmarkState ? { bookmarkState } : {}),
    };
    try {
      await props.onSave(body);
      props.onClose();
    } catch (error) {
      void message.error(errorMessage(error));
    }
  }

  return (
    <Modal
      title={subscription ? 'Editar suscripción' : 'Nueva suscripción'}
      open={props.open}
      onCancel={props.onClose}
      onOk={() => void save()}
      okText="Guardar"
      cancelText="Cancelar"
      destroyOnHidden
    >
      {bookmarkState && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Se enviará el informe con la vista guardada (filtros, segmentaciones y página)."
        />
      )}
      <Form form={form} layout="vertical" initialValues={valuesOf(subscription, draft, user)}>
        <Form.Item
          name="reportUid"
          label="Informe"
          rules={[{ required: true, message: 'El campo es requerido.' }]}
        >
          <Select
            options={reports}
            showSearch
            optionFilterProp="label"
            loading={accounts.isLoading}
          />
        </Form.Item>
        {isAdministrator && <RecipientFields />}
        <Form.Item name="format" label="Formato">
          <Radio.Group
            options={[
              { value: 'PDF', label: 'PDF adjunto' },
              { value: 'PNG', label: 'Imagen en el correo (PNG)' },
            ]}
          />
        </Form.Item>
        <PageChoice reportUid={reportUid || undefined} />
        <Form.Item
          name="frequency"
          label="Frecuencia"
          extra={
            frequency === 'afterRefresh'
              ? 'Se envía cuando termina cada actualización de los datos del informe (servicio de BI incluido).'
              : undefined
          }
        >
          <Select
            options={[
              { value: 'daily', label: 'Diaria' },
              { value: 'weekly', label: 'Semanal' },
              { value: 'monthly', label: 'Mensual' },
              { value: 'afterRefresh', label: afterRefreshLabel },
            ]}
          />
        </Form.Item>
        {/* Both stay mounted (hidden when they do not apply) so their values are kept. */}
        <Form.Item
          name="weekdays"
          label="Días"
          hidden={frequency !== 'weekly'}
          rules={[
            {
              required: frequency === 'weekly',
              message: 'Elija uno o más días de la semana.',
            },
          ]}
        >
          <Checkbox.Group options={weekdays.map((label, i) => ({ value: i + 1, label }))} />
        </Form.Item>
        <Form.Item name="monthDay" label="Día del mes" hidden={frequency !== 'monthly'}>
          <InputNumber min={1} max={31} />
        </Form.Item>
        <Form.Item
          name="time"
          label="Hora"
          hidden={frequency === 'afterRefresh'}
          rules={[
            {
              pattern: /^([01]\d|2[0-3]):[0-5]\d$/,
              message: 'El campo requiere el formato HH:mm.',
            },
          ]}
        >
          <Input placeholder="08:00" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="timeZone" label="Zona horaria">
          <Input placeholder={defaultTimeZone} />
        </Form.Item>
        <Form.Item
          name="subject"
          label="Asunto"
          rules={[{ required: true, message: 'El campo es requerido.' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="message" label="Mensaje">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
