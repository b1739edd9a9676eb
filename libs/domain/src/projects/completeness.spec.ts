import { fold } from '../shared/decider';
import {
  FINAL_COMPLETE,
  READY,
  SEARCH_COMPLETE,
  SHARED_COMPLETE,
  estateChosen,
  fieldsChanged,
  projectCreated,
} from '../testing/project-fixtures';
import {
  canSubmit,
  missingFields,
  proposalsWithExactAddress,
  submitBlockers,
} from './completeness';
import { ProjectEvent } from './project.events';
import { projectDecider } from './project.decider';

const project = (...events: ProjectEvent[]) => fold(projectDecider, [projectCreated, ...events]);
const fields = (list: { field: string }[]) => list.map((m) => m.field).sort();

describe('completeness for a column change', () => {
  it('asks nothing before toAssign', () => {
    expect(missingFields(project(), 'toCall')).toEqual([]);
    expect(missingFields(project(), 'docsMobiPass')).toEqual([]);
  });

  it('lists the shared list for toAssign by French label', () => {
    const missing = missingFields(project(), 'toAssign');
    expect(fields(missing)).toEqual(
      [
        'civility',
        'contractType',
        'job',
        'contractStartDate',
        'aboutYouAdmin',
        'companyContactName',
        'sponsor',
        'companySiret',
        'companyMail',
        'addressWork',
      ].sort(),
    );
    expect(missing.find((m) => m.field === 'civility')).toEqual({
      field: 'civility',
      label: 'Civilité',
      message: 'Obligatoire',
    });
    expect(missing.find((m) => m.field === 'companySiret')?.label).toBe('SIRET');
    expect(missingFields(project(fieldsChanged(SHARED_COMPLETE)), 'toAssign')).toEqual([]);
  });

  it('checks formats: phones, SIRET of 14, company e-mail', () => {
    const wrong = project(
      fieldsChanged({
        ...SHARED_COMPLETE,
        phoneNumber: '06 12',
        companyPhone: 'standard',
        companySiret: '1234',
        companyMail: 'rh-at-acme',
      }),
    );
    expect(missingFields(wrong, 'toAssign')).toEqual([
      { field: 'phoneNumber', label: 'Téléphone', message: 'Invalide' },
      { field: 'companyPhone', label: "Téléphone de l'entreprise", message: 'Invalide' },
      {
        field: 'companySiret',
        label: 'SIRET',
        message: 'Doit contenir exactement 14 caractères.',
      },
      {
        field: 'companyMail',
        label: "E-mail de l'entreprise",
        message: 'Doit être une adresse e-mail valide.',
      },
    ]);
  });

  it('accepts an address only with its geocoded place', () => {
    const typed = project(
      fieldsChanged({ ...SHARED_COMPLETE, addressWorkObject: null, fromAddressObject: null }),
    );
    expect(missingFields(typed, 'toAssign')).toEqual([
      {
        field: 'addressWork',
        label: 'Adresse de travail',
        message: 'Choisissez une adresse proposée',
      },
      { field: 'actualCity', label: 'Ville actuelle', message: 'Choisissez une adresse proposée' },
    ]);
  });

  it('requires the co-applicant only when coEnabled', () => {
    const base = project(fieldsChanged(SHARED_COMPLETE));
    expect(missingFields({ ...base, coEmail: 'not-an-email' }, 'toAssign')).toEqual([]);
    const co = project(fieldsChanged({ ...SHARED_COMPLETE, coEnabled: true, coEmail: 'x' }));
    expect(fields(missingFields(co, 'toAssign'))).toEqual(
      ['coFirstName', 'coLastName', 'coEmail', 'coCivility', 'coAddress', 'coPhoneNumber'].sort(),
    );
    expect(missingFields(co, 'toAssign').find((m) => m.field === 'coEmail')).toEqual({
      field: 'coEmail',
      label: 'Co-demandeur : e-mail',
      message: 'Doit être une adresse e-mail valide.',
    });
  });

  it('adds the search, household and notes fields from docsLease on', () => {
    const shared = project(fieldsChanged(SHARED_COMPLETE));
    expect(fields(missingFields(shared, 'docsLease'))).toEqual(Object.keys(SEARCH_COMPLETE).sort());
    expect(fields(missingFields(shared, 'researchStarted'))).toEqual(
      Object.keys(SEARCH_COMPLETE).sort(),
    );
    const tooSmall = project(
      fieldsChanged({ ...SHARED_COMPLETE, ...SEARCH_COMPLETE, surfacemin: 0, wage: -1 }),
    );
    expect(missingFields(tooSmall, 'docsLease')).toEqual([
      { field: 'surfacemin', label: 'Surface minimum', message: 'Doit être supérieur ou égal à 1' },
      { field: 'wage', label: 'Salaire', message: 'Doit être supérieur ou égal à 0' },
    ]);
    const zeroes = project(fieldsChanged({ ...SHARED_COMPLETE, ...SEARCH_COMPLETE, budget: 0 }));
    expect(missingFields(zeroes, 'docsLease')).toEqual([]);
  });

  it('adds the lease date, the chosen property and the birth data for submittedToHil', () => {
    const search = project(fieldsChanged({ ...SHARED_COMPLETE, ...SEARCH_COMPLETE }));
    expect(fields(missingFields(search, 'submittedToHil'))).toEqual(
      ['leaseSignDate', 'chosenEstate', 'dateOfBirth', 'placeOfBirth', 'deptOfBirth'].sort(),
    );
    expect(
      missingFields(search, 'submittedToHil').find((m) => m.field === 'chosenEstate')?.label,
    ).toBe('Bien retenu');
    const done = project(
      fieldsChanged({ ...SHARED_COMPLETE, ...SEARCH_COMPLETE, ...FINAL_COMPLETE }),
      estateChosen,
    );
    expect(missingFields(done, 'submittedToHil')).toEqual([]);
    const co = { ...done, coEnabled: true };
    expect(fields(missingFields(co, 'submittedToHil'))).toEqual(
      [
        'coFirstName',
        'coLastName',
        'coEmail',
        'coCivility',
        'coAddress',
        'coPhoneNumber',
        'coDateOfBirth',
        'coPlaceOfBirth',
        'coDeptOfBirth',
      ].sort(),
    );
  });
});

describe('canSubmit', () => {
  const message = 'Un bien doit avoir été retenu et au moins 3 biens doivent avoir été visités';
  const chosen = project(estateChosen);

  it('accepts a chosen property with an exact address, 3 proposals and ready documents', () => {
    expect(canSubmit(chosen, READY)).toBeNull();
  });

  it('refuses with the spec message otherwise', () => {
    expect(canSubmit(project(), READY)).toBe(message);
    expect(canSubmit(chosen, { ...READY, proposalsWithExactAddress: 2 })).toBe(message);
    expect(canSubmit(chosen, { ...READY, chosenEstateHasExactAddress: false })).toBe(message);
    expect(canSubmit(chosen, { ...READY, documents: 'incomplete' })).toBe(message);
    expect(canSubmit(chosen, undefined)).toBe(message);
  });

  it('takes the documents override for submittedToHil, never for awaitingSignature', () => {
    const overridden = { ...READY, documents: 'incomplete-submission' as const };
    expect(canSubmit(chosen, overridden, 'submittedToHil')).toBeNull();
    expect(canSubmit(chosen, overridden, 'awaitingSignature')).toBe(message);
    expect(canSubmit(chosen, READY, 'awaitingSignature')).toBeNull();
    expect(submitBlockers(chosen, overridden, 'awaitingSignature')).toEqual({
      documents: 'Des documents obligatoires manquent',
    });
    expect(submitBlockers(project(), { ...READY, proposalsWithExactAddress: 1 })).toEqual({
      chosenEstate: 'Aucun bien retenu',
      proposals: 'Moins de 3 biens avec une adresse exacte',
    });
    expect(submitBlockers(chosen, { ...READY, chosenEstateHasExactAddress: false })).toEqual({
      chosenEstate: "L'adresse exacte du bien retenu n'a pas été saisie",
    });
  });
});

describe('proposalsWithExactAddress', () => {
  const p = (visited: boolean, exactAddress: boolean) => ({ visited, exactAddress });

  it('counts the visited proposals with an exact address, or every proposal while none is visited', () => {
    expect(proposalsWithExactAddress([])).toBe(0);
    expect(proposalsWithExactAddress([p(false, true), p(false, true), p(false, false)])).toBe(2);
    expect(proposalsWithExactAddress([p(true, true), p(false, true), p(false, true)])).toBe(1);
    expect(proposalsWithExactAddress([p(true, true), p(true, false), p(true, true)])).toBe(2);
  });
});
