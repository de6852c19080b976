// Flags as pictures (flag-icons' SVGs), not emoji: Windows shows flag emoji as two plain letters.
import type { FlagCountry } from "#common/analytics/dashboard.ts";
import flagAu from "flag-icons/flags/4x3/au.svg";
import flagBr from "flag-icons/flags/4x3/br.svg";
import flagCa from "flag-icons/flags/4x3/ca.svg";
import flagCn from "flag-icons/flags/4x3/cn.svg";
import flagDe from "flag-icons/flags/4x3/de.svg";
import flagEs from "flag-icons/flags/4x3/es.svg";
import flagFr from "flag-icons/flags/4x3/fr.svg";
import flagGb from "flag-icons/flags/4x3/gb.svg";
import flagIn from "flag-icons/flags/4x3/in.svg";
import flagIt from "flag-icons/flags/4x3/it.svg";
import flagJp from "flag-icons/flags/4x3/jp.svg";
import flagNl from "flag-icons/flags/4x3/nl.svg";
import flagNo from "flag-icons/flags/4x3/no.svg";
import flagSe from "flag-icons/flags/4x3/se.svg";
import flagUs from "flag-icons/flags/4x3/us.svg";

/** The address of each listed country's flag (4:3). */
export const FLAG_URLS: Record<FlagCountry, string> = {
  US: flagUs,
  CA: flagCa,
  GB: flagGb,
  DE: flagDe,
  FR: flagFr,
  JP: flagJp,
  AU: flagAu,
  BR: flagBr,
  IN: flagIn,
  CN: flagCn,
  ES: flagEs,
  IT: flagIt,
  NL: flagNl,
  SE: flagSe,
  NO: flagNo,
};
