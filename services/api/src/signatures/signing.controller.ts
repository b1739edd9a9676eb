import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { signFormSchema } from '@reloc/contracts';
import { validate } from '@reloc/contracts';
import {
  DomainError,
  isSignatureStep,
  SIGNATURE_MESSAGES,
  SignatureRequest,
  Signer,
} from '@reloc/domain';
import { Public } from '../auth/roles.decorator';
import { FRAMEABLE_BY_SELF } from '../infrastructure/http/security-headers';
import { FilesService } from '../files/files.service';
import { SignedLinks, SignLink } from './signed-links';
import { SignaturesService } from './signatures.service';

const FORM_LIMIT = 4096;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The form of the signing page: urlencoded (a plain HTML form) or JSON. */
async function readForm(req: Request): Promise<Record<string, unknown>> {
  if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body))
    return req.body as Record<string, unknown>;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) throw new DomainError('Requête invalide', 'invalid');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Reloc</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
  iframe, object { width: 100%; height: 70vh; border: 1px solid #767676; }
  .consent { margin: 1rem 0; font-size: 1.1rem; }
  .consent input { width: 1.3rem; height: 1.3rem; vertical-align: middle; }
  button { font-size: 1.1rem; padding: 0.6rem 1.6rem; background: #0b3d91; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  .error { color: #a4000f; font-weight: bold; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

type Found = { link: SignLink; request: SignatureRequest; signer: Signer };

/**
 * The built-in provider's signing page (§7): no login, a signer's personal link. Also the
 * short-lived signed links to the templates and the signed documents (iframes, new tabs).
 */
@ApiExcludeController()
@Controller()
export class SigningController {
  constructor(
    private readonly links: SignedLinks,
    private readonly signatures: SignaturesService,
    private readonly files: FilesService,
  ) {}

  @Public()
  @Get('signature-files/:token')
  file(@Param('token') token: string, @Res() res: Response): void {
    const link = this.links.file(token);
    const bytes = link ? this.files.blobs.get(link.hash) : null;
    if (!link || !bytes) throw new DomainError(SIGNATURE_MESSAGES.linkInvalid, 'notFound');
    const ascii = link.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader(
      'Content-Disposition',
      `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(link.name)}`,
    );
    res.setHeader('Cache-Control', 'private, no-store');
    // Framed by the console's template dialog and by the signing page: same origin only.
    for (const [name, value] of Object.entries(FRAMEABLE_BY_SELF)) res.setHeader(name, value);
    res.status(200).end(bytes);
  }

  private find(token: string): Found | null {
    const link = this.links.signer(token);
    if (!link || !isSignatureStep(link.step)) return null;
    const request = this.signatures.current(link.projectId, link.step);
    const signer = request?.instances[link.signer];
    if (!request || !signer || request.transactionId !== link.transactionId) return null;
    return { link, request, signer };
  }

  private send(res: Response, status: number, html: string): void {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    res.status(status).send(html);
  }

  private invalid(res: Response): void {
    this.send(
      res,
      404,
      page(
        'Lien invalide',
        `<h1>Lien invalide</h1><p>${escapeHtml(SIGNATURE_MESSAGES.linkInvalid)}.</p>`,
      ),
    );
  }

  private form(res: Response, found: Found, token: string, error: string | null): void {
    const { request, signer } = found;
    if (signer.signedAt || request.status !== 'OPEN') {
      const done = signer.signedAt
        ? `<p>Vous avez signé ce document le ${escapeHtml(new Date(signer.signedAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }))}. Merci.</p>`
        : `<p>${escapeHtml(SIGNATURE_MESSAGES.notOpen)}.</p>`;
      this.send(res, 200, page('Signature', `<h1>${escapeHtml(request.documentName)}</h1>${done}`));
      return;
    }
    const url = this.signatures.fileUrl(request.documentHash, request.documentName);
    const body = `
<h1>Signature électronique</h1>
<p>Bonjour ${escapeHtml(signer.name)}, merci de lire le document « ${escapeHtml(request.documentName)} » puis de le signer.</p>
<iframe src="${escapeHtml(url)}" title="Document à signer : ${escapeHtml(request.documentName)}"></iframe>
<p><a href="${escapeHtml(url)}" target="_blank" rel="noopener">Ouvrir le document dans un nouvel onglet</a></p>
<form method="post" action="/v1/sign/${escapeHtml(token)}">
  ${error ? `<p class="error" role="alert" id="consent-error">${escapeHtml(error)}</p>` : ''}
  <p class="consent">
    <input type="checkbox" id="consent" name="consent" value="on" required${error ? ' aria-invalid="true" aria-describedby="consent-error"' : ''}>
    <label for="consent">J'ai lu et j'accepte le document</label>
  </p>
  <p>Signataire : ${escapeHtml(signer.name)} (${escapeHtml(signer.email)})</p>
  <button type="submit">Signer</button>
</form>`;
    this.send(res, error ? 400 : 200, page('Signature électronique', body));
  }

  @Public()
  @Get('sign/:token')
  show(@Param('token') token: string, @Res() res: Response): void {
    const found = this.find(token);
    if (!found) return this.invalid(res);
    this.form(res, found, token, null);
  }

  @Public()
  @Post('sign/:token')
  async sign(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const found = this.find(token);
    if (!found) return this.invalid(res);
    const consent = validate(signFormSchema, await readForm(req));
    if (!consent.ok) return this.form(res, found, token, SIGNATURE_MESSAGES.consentRequired);
    if (found.signer.signedAt || found.request.status !== 'OPEN')
      return this.form(res, found, token, null);
    const request = await this.signatures.sign(
      { ...found.link, step: found.request.step },
      { id: `signer:${found.signer.email}`, trigram: null, role: 'SIGNER' },
    );
    const signer = request.instances[found.link.signer];
    this.send(
      res,
      200,
      page(
        'Document signé',
        `<h1>Document signé</h1><p role="status">Merci ${escapeHtml(signer.name)}, votre signature est enregistrée.</p>`,
      ),
    );
  }
}
