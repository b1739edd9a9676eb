import { Box, Button, HStack, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { KB_CONTENT_STYLE } from './kbContentStyle';

type Command = { label: string; title: string; run: () => void; style?: object };

/** A browser editing command, where the browser has them (jsdom has none). */
function exec(command: string, value?: string): void {
  if (typeof document.execCommand === 'function') document.execCommand(command, false, value);
}

/**
 * A small rich-text field: a contentEditable with a toolbar (heading, bold, italic, lists,
 * link), or the HTML itself in a textarea. The server sanitises whatever is sent.
 */
export function RichTextEditor({
  value,
  onChange,
  labelId,
}: {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
}) {
  const [mode, setMode] = useState<'rich' | 'html'>('rich');
  const area = useRef<HTMLDivElement>(null);

  // The editable area is uncontrolled while one types: its HTML is set on entering the mode.
  useEffect(() => {
    if (mode === 'rich' && area.current && area.current.innerHTML !== value)
      area.current.innerHTML = value;
    // Only when the mode changes: while one types, the area is the source of its HTML.
  }, [mode]);

  const commit = () => onChange(area.current?.innerHTML ?? '');
  const act = (command: string, arg?: string) => () => {
    area.current?.focus();
    exec(command, arg);
    commit();
  };
  const commands: Command[] = [
    { label: 'H', title: 'Intertitre', run: act('formatBlock', 'h3') },
    { label: 'G', title: 'Gras', run: act('bold'), style: { fontWeight: 'bold' } },
    { label: 'I', title: 'Italique', run: act('italic'), style: { fontStyle: 'italic' } },
    { label: '•', title: 'Liste à puces', run: act('insertUnorderedList') },
    { label: '1.', title: 'Liste numérotée', run: act('insertOrderedList') },
    {
      label: 'Lien',
      title: 'Lien',
      run: () => {
        const url = window.prompt('Adresse du lien (https://…)');
        if (url) act('createLink', url)();
      },
    },
  ];

  return (
    <Box borderWidth="1px" borderRadius="l2" w="full">
      <HStack
        gap="1"
        p="1"
        borderBottomWidth="1px"
        wrap="wrap"
        role="toolbar"
        aria-label="Mise en forme"
      >
        {mode === 'rich'
          ? commands.map((command) => (
              <Button
                key={command.title}
                size="xs"
                variant="ghost"
                aria-label={command.title}
                title={command.title}
                onMouseDown={(event) => event.preventDefault()}
                onClick={command.run}
                {...command.style}
              >
                {command.label}
              </Button>
            ))
          : null}
        <Button
          size="xs"
          variant="outline"
          ms="auto"
          aria-pressed={mode === 'html'}
          onClick={() => {
            if (mode === 'rich') commit();
            setMode(mode === 'rich' ? 'html' : 'rich');
          }}
        >
          {mode === 'rich' ? 'Code HTML' : 'Mise en forme'}
        </Button>
      </HStack>
      {mode === 'rich' ? (
        <Box
          ref={area}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          tabIndex={0}
          minH="40"
          maxH="60vh"
          overflowY="auto"
          p="3"
          css={KB_CONTENT_STYLE}
          onInput={commit}
          onBlur={commit}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
        />
      ) : (
        <Textarea
          aria-labelledby={labelId}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          minH="40"
          fontFamily="mono"
          fontSize="sm"
          border="none"
          data-testid="kb-html"
        />
      )}
    </Box>
  );
}
