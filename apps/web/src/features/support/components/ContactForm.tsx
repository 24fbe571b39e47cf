import SendIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZSupportMessageBody,
  supportMessageRules,
  supportTopics,
  type TSupportTopic,
} from '@tarifa/contract';
import { useSession } from '@/lib/auth/session';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useSendSupportMessage } from '../api/sendSupportMessage';

function isTopic(value: string | null): value is TSupportTopic {
  return (supportTopics as readonly string[]).includes(value ?? '');
}

/** Writes to the support team; name and email come from the account and can be changed. */
export function ContactForm({ initialTopic }: { initialTopic: string | null }) {
  const { t } = useTranslation('support');
  const { userData } = useSession();
  const send = useSendSupportMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const initialValues = {
    name: userData?.name ?? '',
    email: userData?.email ?? '',
    topic: isTopic(initialTopic) ? initialTopic : ('pricing' as TSupportTopic),
    message: '',
  };
  const form = useZodForm({
    schema: ZSupportMessageBody,
    initialValues,
    onSubmit: async (body) => {
      await send.mutateAsync(body);
      setSentTo(body.email);
      form.reset({ ...body, message: '' });
    },
  });

  return (
    <Box component="form" {...form.formProps} aria-labelledby="contact-title">
      <Grid container spacing={2.5}>
        {sentTo && (
          <Grid size={12}>
            <Alert severity="success" onClose={() => setSentTo(null)}>
              {t('contact.sent', { email: sentTo })}
            </Alert>
          </Grid>
        )}
        <Grid size={12}>
          <FormAlert error={form.formError} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('contact.name')}
            autoComplete="name"
            fullWidth
            required
            {...form.field('name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            fullWidth
            required
            {...form.field('email')}
          />
        </Grid>
        <Grid size={12}>
          <TextField select label={t('contact.topic')} fullWidth required {...form.field('topic')}>
            {supportTopics.map((topic) => (
              <MenuItem key={topic} value={topic}>
                {t(`contact.topics.${topic}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('contact.message')}
            multiline
            minRows={5}
            fullWidth
            required
            {...form.field('message', {
              helperText: t('contact.messageHelp', { minimum: supportMessageRules.minLength }),
            })}
          />
        </Grid>
        <Grid size={12}>
          <Button
            type="submit"
            variant="contained"
            loading={form.submitting}
            endIcon={<SendIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          >
            {t('contact.send')}
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
}
