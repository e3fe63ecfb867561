// A scripted human for headless runs: registers the user-questions provider
// and answers each question from a script: the row's `judge` config (an
// in-process function from the question to an answer), else its `answers`
// config (in-process benches), else the JSON file DSHG_SCRIPTED_ANSWERS names
// (installed runs). Answers are used in order: {"option": "Approve"},
// {"option": "Revise", "text": "..."}, {"text": "..."}, {"error":
// "ASK_CANCELLED"}. With neither, every question is approved with its first
// option. DSHG_SCRIPTED_QUESTIONS names a JSONL file each question asked is
// appended to, so a test can see what the user was shown.
import { appendFileSync, readFileSync } from 'node:fs'

export const name = 'dshg-scripted-user'
export const inject = ['userQuestions']

function scriptedAnswers(config) {
  if (Array.isArray(config?.answers)) return config.answers
  const file = process.env.DSHG_SCRIPTED_ANSWERS
  if (file === undefined || file === '') return null
  const answers = JSON.parse(readFileSync(file, 'utf8'))
  if (!Array.isArray(answers)) throw new Error(`${file} must hold a JSON array of answers`)
  return answers
}

function questionError(code) {
  const error = new Error(`scripted user: ${code}`)
  error.code = code
  return error
}

export function apply(ctx, config) {
  const judge = typeof config?.judge === 'function' ? config.judge : null
  const answers = judge === null ? scriptedAnswers(config) : null
  let next = 0
  ctx.userQuestions.registerProvider({
    async ask(request) {
      const log = process.env.DSHG_SCRIPTED_QUESTIONS
      if (log !== undefined && log !== '') for (const question of request.questions) appendFileSync(log, `${JSON.stringify(question)}\n`)
      return {
        answers: request.questions.map((question) => {
          const answer = judge !== null ? judge(question) : answers === null ? { option: question.options?.[0]?.label } : answers[next++]
          if (answer === undefined) throw questionError('ASK_CANCELLED')
          if (answer.error !== undefined) throw questionError(answer.error)
          if (answer.option === undefined) return { id: question.id, selected: [], custom: answer.text }
          return { id: question.id, selected: [answer.option], ...(answer.text === undefined ? {} : { custom: answer.text }) }
        }),
      }
    },
  })
}
