import { Button, Field, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import {
  isVisitDate,
  isVisitTime,
  VISIT_AUTHOR_LABELS,
  VISIT_AUTHORS,
  visitDateTimeFromIso,
  visitDateTimeToIso,
  type VisitAuthor,
} from '@reloc/domain';
import { useState, type FormEvent } from 'react';
import { useProposalsStore } from '../store';
import type { ProposalRow } from '../types';

type Errors = Partial<Record<'date' | 'time' | 'authorOther', string>>;

const DATE_ERROR = 'Date invalide : JJ/MM/20AA';
const TIME_ERROR = 'Heure invalide : HH:MM, minutes par pas de 5';
const NAME_ERROR = 'Le nom est obligatoire';

/** The planned visit: date DD/MM/20YY, time HH:MM (5-minute steps), author, report; one PUT. */
export function VisitForm({ row }: { row: ProposalRow }) {
  const apply = useProposalsStore((state) => state.apply);
  const visit = row.visited;
  const typed = visitDateTimeFromIso(visit?.dateVisite ?? null);
  const [date, setDate] = useState(typed?.date ?? '');
  const [time, setTime] = useState(typed?.time ?? '');
  const [author, setAuthor] = useState<VisitAuthor | ''>(visit?.author ?? '');
  const [authorOther, setAuthorOther] = useState(visit?.authorOther ?? '');
  const [report, setReport] = useState(visit?.report ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      ...(isVisitDate(date.trim()) ? {} : { date: DATE_ERROR }),
      ...(isVisitTime(time.trim()) ? {} : { time: TIME_ERROR }),
      ...(author === 'other' && !authorOther.trim() ? { authorOther: NAME_ERROR } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length) return; // invalid input is never sent
    const sent = {
      author: author || null,
      authorOther: author === 'other' ? authorOther.trim() : null,
      report: report.trim() || null,
    };
    void apply(row.idSell, {
      body: { visited: { dateVisite: date.trim(), time: time.trim(), ...sent } },
      patch: {
        visited: { dateVisite: visitDateTimeToIso(date.trim(), time.trim()), ...sent },
        visitCancelled: false,
        visitCancelReason: null,
      },
    });
  };

  return (
    <Stack as="form" gap="3" onSubmit={submit} aria-label="Détails de la visite">
      <HStack gap="3" align="start" flexWrap="wrap">
        <Field.Root w="auto" invalid={!!errors.date}>
          <Field.Label>Date de visite</Field.Label>
          <Input
            size="sm"
            w="9rem"
            inputMode="numeric"
            placeholder="JJ/MM/AAAA"
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <Field.ErrorText>{errors.date}</Field.ErrorText>
        </Field.Root>
        <Field.Root w="auto" invalid={!!errors.time}>
          <Field.Label>Heure</Field.Label>
          <Input
            size="sm"
            w="6rem"
            inputMode="numeric"
            placeholder="HH:MM"
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
          />
          <Field.ErrorText>{errors.time}</Field.ErrorText>
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>Auteur de la visite</Field.Label>
          <NativeSelect.Root size="sm" minW="36">
            <NativeSelect.Field
              value={author}
              onChange={(event) => setAuthor(event.currentTarget.value as VisitAuthor | '')}
            >
              <option value="">Non défini</option>
              {VISIT_AUTHORS.map((value) => (
                <option key={value} value={value}>
                  {VISIT_AUTHOR_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {author === 'other' ? (
          <Field.Root w="auto" invalid={!!errors.authorOther}>
            <Field.Label>Nom de l’auteur</Field.Label>
            <Input
              size="sm"
              value={authorOther}
              onChange={(event) => setAuthorOther(event.currentTarget.value)}
            />
            <Field.ErrorText>{errors.authorOther}</Field.ErrorText>
          </Field.Root>
        ) : null}
      </HStack>
      <Field.Root>
        <Field.Label>Compte rendu de visite</Field.Label>
        <Textarea
          size="sm"
          rows={3}
          value={report}
          onChange={(event) => setReport(event.currentTarget.value)}
        />
      </Field.Root>
      <Button size="sm" type="submit" alignSelf="start">
        Enregistrer la visite
      </Button>
    </Stack>
  );
}
