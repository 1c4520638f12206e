import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { StepResult } from '../../../../schemas/auth.js';
import type { SecurityQuestionOptions } from '../../../../schemas/recovery.js';
import { api } from '../../providers/http.js';
import { StepForm, failureText } from './StepForm.js';
import { securityQuestionErrors, type ChosenQuestion } from './stepRules.js';
import type { StepProps } from './stepProps.js';

/** §2 securityQuestions: 'Please update your security questions below.' Choose distinct questions, answer each (§5). */
export function SecurityQuestionsStep({ onDone }: StepProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<SecurityQuestionOptions['options']>([]);
  const [chosen, setChosen] = useState<ChosenQuestion[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<SecurityQuestionOptions>('account/securityQuestions/options').then(
      (answer) => {
        setOptions(answer.options);
        setChosen(Array.from({ length: answer.count }, () => ({ question: '', answer: '' })));
      },
      (e) => setError(failureText(e, t('login.errors.securityQuestionsLoad'))),
    );
  }, [t]);

  const set = (index: number, patch: Partial<ChosenQuestion>) =>
    setChosen((list) => list.map((q, i) => (i === index ? { ...q, ...patch } : q)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = securityQuestionErrors(chosen);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<StepResult>('account/securityQuestions', 'PUT', {
        questions: chosen.map((q) => ({ question: q.question, answer: q.answer.trim() })),
      });
      onDone({ reqs: result?.reqs });
    } catch (e) {
      const fields = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v])));
      setError(failureText(e, t('login.errors.securityQuestions')));
    } finally {
      setBusy(false);
    }
  };

  const message = (key: string) => (errors[key] ? t(errors[key], { defaultValue: errors[key] }) : undefined);

  return (
    <StepForm
      title={t('login.securityQuestions.title')}
      intro={t('login.securityQuestions.intro')}
      error={error}
      submitLabel={t('login.actions.save')}
      busy={busy || options.length === 0}
      onSubmit={(e) => void submit(e)}
    >
      {chosen.map((q, i) => (
        <fieldset key={i} style={{ border: 0, padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          <TextField
            select
            label={t('login.securityQuestions.question', { number: i + 1 })}
            value={q.question}
            onChange={(e) => set(i, { question: e.target.value })}
            error={!!errors[`questions.${i}.question`]}
            helperText={message(`questions.${i}.question`)}
            fullWidth
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id} disabled={chosen.some((c, j) => j !== i && c.question === o.id)}>
                {o.question}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('login.securityQuestions.answer', { number: i + 1 })}
            value={q.answer}
            onChange={(e) => set(i, { answer: e.target.value })}
            error={!!errors[`questions.${i}.answer`]}
            helperText={message(`questions.${i}.answer`)}
            autoComplete="off"
            fullWidth
          />
        </fieldset>
      ))}
    </StepForm>
  );
}
