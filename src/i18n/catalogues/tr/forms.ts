/**
 * The public page's forms (docs/product.md, Languages): the message form and the contact-exchange form, their
 * thanks and every refusal a visitor can read. ICU MessageFormat; Turkish is the source.
 */
export const forms = {
  'forms.send': 'Gönder',
  'forms.trap': 'Bu alanı boş bırakın',
  'forms.message.heading': 'Öneri ve Şikayet',
  'forms.message.intro': 'Görüşünüzü isimsiz olarak iletin. Kimliğiniz paylaşılmaz.',
  'forms.message.label': 'Mesajınız',
  'forms.message.counter': 'En fazla {max} karakter',
  'forms.message.sent': 'Mesajınız gönderildi',
  'forms.message.failed': 'Mesaj gönderilemedi',
  'forms.message.required': 'Lütfen bir mesaj yazın.',
  'forms.message.tooLong': 'Mesaj en fazla {max} karakter olabilir.',
  'forms.message.tooFast': 'Mesaj gönderilemedi. Lütfen birkaç saniye sonra tekrar deneyin.',
  'forms.message.expired': 'Mesaj gönderilemedi. Lütfen sayfayı yenileyip tekrar deneyin.',
  'forms.message.stale':
    'Bu sayfa bir günden uzun süredir açık olduğu için mesaj gönderilmedi. Mesajınız aşağıda duruyor; ' +
    'göndermek için Gönder düğmesine yeniden basın.',
  'forms.message.tooMany': 'Çok fazla mesaj gönderildi. Lütfen biraz sonra tekrar deneyin.',
  'forms.lead.heading': 'İletişim bırakın',
  'forms.lead.prompt': 'Bilgilerinizi bırakın, size dönüş yapalım.',
  'forms.lead.open': 'Bilgilerimi bırak',
  'forms.lead.name': 'Adınız soyadınız',
  'forms.lead.phone': 'Telefon',
  'forms.lead.email': 'E-posta',
  'forms.lead.eitherHint': 'Telefon veya e-postadan biri yeterli.',
  'forms.lead.note': 'Notunuz (isteğe bağlı)',
  'forms.lead.consent': 'Bu bilgilerle benimle iletişime geçilmesine açık rıza veriyorum.',
  'forms.lead.notice': 'Aydınlatma metni',
  'forms.notice.version': 'Sürüm {version}',
  'forms.notice.back': 'Profile dön',
  'forms.lead.thanksTitle': 'Teşekkürler, bilgileriniz iletildi.',
  'forms.lead.thanksBody': 'Size en kısa sürede dönüş yapılacak.',
  'forms.lead.addUs': 'Bizim bilgilerimizi de rehberinize ekleyin:',
  'forms.lead.fieldsRefused': 'Bilgileriniz gönderilmedi: işaretli alanları düzeltin.',
  'forms.lead.failed': 'Bilgileriniz gönderilemedi. Lütfen biraz sonra tekrar deneyin.',
  'forms.lead.tooFast': 'Bilgileriniz gönderilemedi. Lütfen birkaç saniye sonra tekrar deneyin.',
  'forms.lead.expired': 'Bilgileriniz gönderilemedi. Lütfen sayfayı yenileyip tekrar deneyin.',
  'forms.lead.stale':
    'Bu sayfa bir günden uzun süredir açık olduğu için bilgileriniz gönderilmedi. Yazdıklarınız aşağıda ' +
    'duruyor; göndermek için Gönder düğmesine yeniden basın.',
  'forms.lead.tooMany': 'Bu bağlantıdan çok fazla form gönderildi. Lütfen biraz sonra tekrar deneyin.',
  'forms.lead.noticeChanged':
    'Aydınlatma metni siz formu doldururken güncellendi. Lütfen yeni metni okuyup onay kutusunu yeniden işaretleyin.',
  'forms.lead.textInvalid': 'Bu metin kullanılamayan karakterler içeriyor.',
  'forms.lead.nameRequired': 'Lütfen adınızı yazın.',
  'forms.lead.nameTooLong': 'Ad en fazla {max} karakter olabilir.',
  'forms.lead.contactRequired': 'Size ulaşabilmemiz için telefon numaranızı veya e-posta adresinizi yazın.',
  'forms.lead.phoneRequired': 'Lütfen telefon numaranızı yazın.',
  'forms.lead.emailRequired': 'Lütfen e-posta adresinizi yazın.',
  'forms.lead.noteTooLong': 'Not en fazla {max} karakter olabilir.',
  'forms.lead.consentRequired': 'Bilgilerinizi bırakmak için iletişime geçilmesine açık rıza verdiğinizi işaretleyin.',
  'forms.lead.phoneInvalid': 'Geçerli bir telefon numarası girin. Yurt dışı numaralarını + ile başlatın.',
  'forms.lead.phoneTooShort': 'Telefon numarası en az {min} haneli olmalıdır.',
  'forms.lead.phoneTooLong': 'Telefon numarası en fazla {max} haneli olabilir.',
  'forms.lead.emailInvalid': 'Geçerli bir e-posta adresi girin.',
} as const;
